/**
 * The driver's vehicle on the driver screen, in a page's language: where the
 * tenant has vehicles, going online asks which one (the last one chosen
 * first, one another online driver holds marked as in use, the server's 409
 * shown in words), and the chosen vehicle's wheelchair spaces stand in for
 * the wheelchair question; a tenant without vehicles keeps the question.
 * driver_vehicles.test.tsx and driver_vehicles_es.test.tsx run them in
 * English and in Spanish with the words of each.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DriverScreen from "../../islands/DriverScreen.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import type { VehicleToDrive } from "../../lib/vehicles.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { FakeSocket, restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { DRIVER_ID, GREER, makeRide } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

export interface VehicleWords {
  question: string;
  van: string;
  car: string;
  inUse: string;
  goOnline: string;
  choose: string;
  held: string;
  unknown: string;
  wheelchairCheck: string;
  online: string;
  offline: string;
  wheelchairUser: string;
}

const VAN = "01VAN0000000000000000000AA";
const CAR = "01CAR0000000000000000000AA";
const vehicle = (id: string, name: string, seats: number, wheelchairSpaces: number, held = false): VehicleToDrive => ({
  id,
  name,
  seats,
  wheelchairSpaces,
  held,
});

interface Server {
  vehicles: VehicleToDrive[];
  lastVehicleId: string | null;
  available: boolean;
  rides: Ride[];
  /** The PUT's answer; the default goes online or offline with the vehicle as asked. */
  refuse: Response | null;
}

export function vehicleCases(lang: Lang, w: VehicleWords) {
  let server: Server;

  beforeEach(() => {
    resetSession();
    resetMap();
    spyLocation();
    stubSockets();
    server = {
      vehicles: [vehicle(CAR, "Car", 6, 0), vehicle(VAN, "Van 1", 12, 2)],
      lastVehicleId: VAN,
      available: false,
      rides: [],
      refuse: null,
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    restoreGeolocation();
  });

  async function open() {
    signIn(makeUser({ id: DRIVER_ID, tenants: [{ code: "greer", name: "City of Greer", roles: ["driver"] }] }));
    const geo = stubGeolocation();
    const fetchMock = stubApi({
      roles: ["driver"],
      routes: {
        "GET /greer/api/drivers/vehicles": () =>
          json({ vehicles: server.vehicles, lastVehicleId: server.lastVehicleId }),
        "GET /greer/api/drivers/availability": () => json({ isAvailable: server.available }),
        "PUT /greer/api/drivers/availability": (init) => {
          if (server.refuse) return server.refuse;
          const body = JSON.parse(String(init.body));
          server.available = body.isAvailable;
          const driven = server.vehicles.find((v) => v.id === (body.vehicleId ?? server.lastVehicleId));
          if (body.vehicleId) server.lastVehicleId = body.vehicleId;
          return json({
            isAvailable: body.isAvailable,
            location: body.location ?? null,
            // As the server answers it: the vehicle's spaces, else the driver's word.
            wheelchairAccessible: driven ? driven.wheelchairSpaces > 0 : body.wheelchairAccessible === true,
          });
        },
        "PUT /greer/api/users/location": (init) => json(JSON.parse(String(init.body))),
        "GET /greer/api/driver/rides": () => json(server.rides),
      },
    });
    render(inLanguage(lang, "DriverScreen", <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
    geo.fix(GREER.lat, GREER.lng);
    const puts = () => callsTo(fetchMock, "PUT", "/greer/api/drivers/availability");
    const sent = (i: number) => JSON.parse(String(puts()[i][1]!.body));
    return { fetchMock, puts, sent };
  }

  const group = () => screen.findByRole("group", { name: w.question });
  const option = (name: string) => screen.getByRole("radio", { name: new RegExp(`^${name}\\b`) }) as HTMLInputElement;
  const toggle = () => screen.getByRole("switch");
  const goOnline = () => screen.getByRole("button", { name: w.goOnline });

  describe(`DriverScreen: the vehicle going online (${lang})`, () => {
    it("offers the tenant's vehicles with their seats and wheelchair spaces, the last one chosen, in place of the wheelchair question", async () => {
      const { puts, sent } = await open();
      const vehicles = await group();
      expect(within(vehicles).getAllByRole("radio").map((r) => r.closest("label")!.textContent)).toEqual([
        `Car${w.car}`,
        `Van 1${w.van}`,
      ]);
      await waitFor(() => expect(option("Van 1").checked).toBe(true));
      expect(option("Car").checked).toBe(false);
      expect(screen.queryByRole("checkbox", { name: w.wheelchairCheck })).toBeNull();

      fireEvent.click(goOnline());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
      expect(sent(0)).toEqual({ isAvailable: true, location: { lat: GREER.lat, lng: GREER.lng }, vehicleId: VAN });
      // Online, the picker steps aside and one line says what the driver drives.
      expect(screen.queryByRole("group", { name: w.question })).toBeNull();
      expect(screen.getByText("Van 1").closest("p")!.textContent).toBe(`Van 1 · ${w.van}`);
      expect(puts()).toHaveLength(1);
    });

    it("goes online with another vehicle chosen, by the switch as by the button, and offline without naming one", async () => {
      const { sent } = await open();
      await group();
      await waitFor(() => expect(option("Van 1").checked).toBe(true));
      fireEvent.click(option("Car"));
      expect(option("Car").checked).toBe(true);
      fireEvent.click(toggle());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
      expect(sent(0)).toMatchObject({ isAvailable: true, vehicleId: CAR });
      expect(screen.getByText("Car").closest("p")!.textContent).toBe(`Car · ${w.car}`);
      fireEvent.click(toggle());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
      expect(sent(1)).toEqual({ isAvailable: false, location: { lat: GREER.lat, lng: GREER.lng } });
      // Offline again, the car is still the one chosen.
      expect(option("Car").checked).toBe(true);
    });

    it("marks a vehicle another online driver holds as in use and does not choose it, asking for a choice first", async () => {
      server.vehicles = [vehicle(CAR, "Car", 6, 0), vehicle(VAN, "Van 1", 12, 2, true)];
      const { puts } = await open();
      await group();
      expect(option("Van 1").closest("label")!.textContent).toBe(`Van 1${w.van}${w.inUse}`);
      expect(option("Car").closest("label")!.textContent).toBe(`Car${w.car}`);
      expect([option("Van 1").checked, option("Car").checked]).toEqual([false, false]);

      fireEvent.click(goOnline());
      expect((await screen.findByRole("alert")).textContent).toBe(w.choose);
      expect(puts()).toHaveLength(0);
      expect(toggle().getAttribute("aria-checked")).toBe("false");
    });

    it("says the server's 409 in words when another driver took the vehicle meanwhile, and marks it in use", async () => {
      const { fetchMock } = await open();
      await group();
      await waitFor(() => expect(option("Van 1").checked).toBe(true));
      // Another driver went online in the van since the list was read.
      server.refuse = json({ error: w.held, field: "vehicleId" }, 409);
      server.vehicles = [vehicle(CAR, "Car", 6, 0), vehicle(VAN, "Van 1", 12, 2, true)];
      fireEvent.click(goOnline());
      expect((await screen.findByRole("alert")).textContent).toBe(w.held);
      expect(toggle().getAttribute("aria-checked")).toBe("false");
      await waitFor(() => expect(option("Van 1").closest("label")!.textContent).toContain(w.inUse));
      expect(callsTo(fetchMock, "GET", "/greer/api/drivers/vehicles")).toHaveLength(2);
    });

    it("says the server's refusal of a vehicle removed meanwhile, drops it from the list and asks for another", async () => {
      const { puts } = await open();
      await group();
      await waitFor(() => expect(option("Van 1").checked).toBe(true));
      server.refuse = json({ error: w.unknown, field: "vehicleId" }, 400);
      server.vehicles = [vehicle(CAR, "Car", 6, 0)];
      fireEvent.click(goOnline());
      expect((await screen.findByRole("alert")).textContent).toBe(w.unknown);
      await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(1));
      expect(option("Car").checked).toBe(false);
      fireEvent.click(goOnline());
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(w.choose));
      expect(puts()).toHaveLength(1);
    });

    it("lists wheelchair rides by the chosen vehicle's spaces: none in the car, the ride in the van", async () => {
      server.lastVehicleId = CAR;
      server.rides = [makeRide({ riderName: "Ada Plain" })];
      await open();
      await group();
      await waitFor(() => expect(option("Car").checked).toBe(true));
      fireEvent.click(goOnline());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
      const socket = FakeSocket.latest();
      socket.accept();
      // In the car a wheelchair ride heard live is not offered; a plain one after it is.
      socket.push({ type: "new", ride: makeRide({ riderName: "Wanda Wheel", needs: ["wheelchair"] }) });
      socket.push({ type: "new", ride: makeRide({ riderName: "Ben Plain" }) });
      await screen.findByRole("heading", { name: "Ben Plain" });
      expect(screen.queryByRole("heading", { name: "Wanda Wheel" })).toBeNull();

      fireEvent.click(toggle());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
      fireEvent.click(option("Van 1"));
      fireEvent.click(goOnline());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
      socket.push({ type: "new", ride: makeRide({ riderName: "Willa Wheel", needs: ["wheelchair"] }) });
      const card = (await screen.findByRole("heading", { name: "Willa Wheel" })).closest("li")!;
      expect(within(card).getByText(w.wheelchairUser)).toBeDefined();
    });

    it("keeps the wheelchair question, and no vehicle list, for a tenant without vehicles", async () => {
      server.vehicles = [];
      server.lastVehicleId = null;
      const { sent } = await open();
      const check = await screen.findByRole("checkbox", { name: w.wheelchairCheck });
      expect(screen.queryByRole("group", { name: w.question })).toBeNull();
      expect(screen.queryByRole("radio")).toBeNull();
      expect(screen.queryByRole("button", { name: w.goOnline })).toBeNull();
      expect(check).toBeDefined();
      await waitFor(() => expect(toggle().hasAttribute("disabled")).toBe(false));
      fireEvent.click(toggle());
      await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
      expect(sent(0)).toEqual({
        isAvailable: true,
        location: { lat: GREER.lat, lng: GREER.lng },
        wheelchairAccessible: false,
      });
      expect(screen.getByRole("switch").textContent).toContain(w.online);
    });
  });
}
