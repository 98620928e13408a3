/**
 * The driver's run in automatic dispatch, in a page's language: the next stop large with its one action, the later
 * stops in order with their planned times, each button moving the ride and the list, the plan's changes announced in
 * the polite live region, the stop in progress kept on top while the plan changes under it; in drivers mode the
 * screen stays the ride list and never asks for a plan. driver_run.test.tsx and driver_run_es.test.tsx run them in
 * English and in Spanish with the words of each.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DriverScreen from "../../islands/DriverScreen.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { mapProps, resetMap } from "./fake_map.tsx";
import { FakeSocket, restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { DRIVER_ID, GREER, makeRide, moved } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

export interface RunWords {
  title: string;
  next: string;
  /** The next stop's line for Ana's pickup, Ben's drop-off, Cy's pickup. */
  anaPickup: string;
  benDropoff: string;
  cyPickup: string;
  /** The later stops' lines in the first plan: Ben's drop-off, Ana's drop-off. */
  laterFirst: string[];
  pickedUp: string;
  droppedOff: string;
  noShow: string;
  navigate: string;
  added: string;
  removed: string;
  moved: string;
  rideList: string;
  noRides: string;
  noStops: string;
}

const ZONE = "America/New_York";
/** 9:00 in Greer, South Carolina, that day. */
const NINE = Date.UTC(2026, 10, 27, 14, 0);
const at = (minutes: number) => NINE + minutes * 60_000;
const VAN = { id: "01VAN0000000000000000000AA", name: "Van 2", seats: 8, wheelchairSpaces: 1 };

const stop = (ride: Ride, kind: "pickup" | "dropoff", minutes: number, name: string | null): PlanStopView => ({
  rideId: ride.id,
  kind,
  point: kind === "pickup" ? ride.pickup : ride.dropoff!,
  name,
  passengerCt: ride.passengerCt,
  needs: ride.needs ?? [],
  plannedAt: at(minutes),
});

const flat = (text: string | null) => (text ?? "").replace(/\s/g, " ");

export function runCases(lang: Lang, w: RunWords) {
  let rides: Ride[];
  let plan: PlanStopView[];
  let ana: Ride, ben: Ride, cy: Ride;

  beforeEach(() => {
    resetSession();
    resetMap();
    spyLocation();
    stubSockets();
    const planned = { assignedDriverId: DRIVER_ID, vehicleId: VAN.id, status: "accepted" as const };
    ana = makeRide({
      ...planned,
      riderName: "Ana Ruiz",
      passengerCt: 2,
      needs: ["wheelchair"],
      pickup: { lat: 34.9387, lng: -82.2271 },
      dropoff: { lat: 34.9400, lng: -82.2255 },
    });
    ben = makeRide({
      ...planned,
      status: "arrived",
      riderName: "Ben Ortiz",
      passengerCt: 1,
      dropoff: { lat: 34.9370, lng: -82.2290 },
    });
    cy = makeRide({
      ...planned,
      riderName: "Cy Young",
      passengerCt: 1,
      pickup: { lat: 34.9395, lng: -82.2240 },
      dropoff: { lat: 34.9380, lng: -82.2260 },
    });
    rides = [ana, ben];
    plan = [
      stop(ana, "pickup", 4, "Greer Station"),
      stop(ben, "dropoff", 10, "City Hall"),
      stop(ana, "dropoff", 15, "Library Steps"),
    ];
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    restoreGeolocation();
  });

  /** The fake server: a move changes the ride, and the plan as the server's plan follows it. */
  function put(id: string, status: Ride["status"]): Response {
    const ride = rides.find((r) => r.id === id)!;
    const next = moved(ride, status);
    rides = rides.map((r) => (r.id === id ? next : r));
    if (status === "arrived") plan = plan.filter((s) => !(s.rideId === id && s.kind === "pickup"));
    if (status === "completed" || status === "no-show") plan = plan.filter((s) => s.rideId !== id);
    return json({ ride: next });
  }

  async function open(automatic = true) {
    signIn(makeUser({ id: DRIVER_ID, tenants: [{ code: "greer", name: "City of Greer", roles: ["driver"] }] }));
    const geo = stubGeolocation();
    const fetchMock = stubApi({
      roles: ["driver"],
      routes: {
        "GET /greer/api/drivers/vehicles": () => json({ vehicles: [{ ...VAN, held: false }], lastVehicleId: VAN.id }),
        "GET /greer/api/drivers/availability": () => json({ isAvailable: true }),
        "PUT /greer/api/users/location": (init) => json(JSON.parse(String(init.body))),
        "GET /greer/api/driver/rides": () => json(rides),
        "GET /greer/api/drivers/plan": () => json({ vehicle: VAN, stops: plan }),
      },
    });
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init = {}) => {
      const m = /^\/greer\/api\/rides\/([^/]+)$/.exec(String(input));
      if (m && init.method === "PUT") return Promise.resolve(put(m[1], JSON.parse(String(init.body)).status));
      return inner(input, init);
    });
    render(
      inLanguage(
        lang,
        "DriverScreen",
        <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} timeZone={ZONE} automatic={automatic} />,
      ),
    );
    await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
    geo.fix(GREER.lat, GREER.lng);
    return { fetchMock };
  }

  const run = () => screen.getByRole("region", { name: w.title });
  const nextStop = async () => {
    await screen.findByRole("region", { name: w.title });
    return flat(run().querySelector(".run__stop")?.textContent ?? null);
  };
  const later = () => within(run()).queryAllByRole("listitem").map((li) => flat(li.textContent));
  const news = () => flat(within(run()).getByRole("status").textContent);
  const sent = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls
      .filter(([url, init]) => init?.method === "PUT" && /\/api\/rides\//.test(String(url)))
      .map(([url, init]) => [String(url).split("/").at(-1), JSON.parse(String(init!.body)).status]);
  /** The socket brings a change of one of the driver's rides, as the server's feed does. */
  const pushRide = (ride: Ride) => {
    const socket = FakeSocket.latest();
    if (socket.readyState === 0) socket.accept();
    socket.push({ type: "update", ride });
  };

  describe(`DriverScreen: the run in automatic dispatch (${lang})`, () => {
    it("shows the next stop large with its planned time in the tenant's zone, Navigate to it, and the later stops in order", async () => {
      await open();
      await waitFor(async () => expect(await nextStop()).toBe(w.anaPickup));
      expect(within(run()).getByText(w.next)).toBeTruthy();
      expect(later()).toEqual(w.laterFirst);
      const navigate = within(run()).getByRole("link", { name: w.navigate }) as HTMLAnchorElement;
      expect(navigate.href).toContain("34.938700%2C-82.227100");
      // The map draws the van's route from where it is through the stops, in the order shown.
      await waitFor(() =>
        expect(mapProps().route).toEqual([{ lat: GREER.lat, lng: GREER.lng }, ana.pickup, ben.dropoff, ana.dropoff])
      );
      // The ride picked up is in the run: the ride list below keeps only the rides outside it.
      expect(screen.getByRole("heading", { name: w.rideList })).toBeTruthy();
      expect(screen.getByText(w.noRides)).toBeTruthy();
    });

    it("sends the top pickup on the way, then each button moves the ride and the list", async () => {
      const { fetchMock } = await open();
      await waitFor(async () => expect(await nextStop()).toBe(w.anaPickup));
      // Not yet at Ana's pickup: no No-show to offer.
      expect(within(run()).queryByRole("button", { name: w.noShow })).toBeNull();
      // The driver heads to Ana now: her ride goes on the way by itself.
      await waitFor(() => expect(sent(fetchMock)).toEqual([[ana.id, "on-the-way"]]));

      fireEvent.click(within(run()).getByRole("button", { name: w.pickedUp }));
      await waitFor(() => expect(sent(fetchMock).at(-1)).toEqual([ana.id, "arrived"]));
      await waitFor(async () => expect(await nextStop()).toBe(w.benDropoff));
      expect(later()).toEqual([w.laterFirst[1]]);
      await waitFor(() =>
        expect(mapProps().route).toEqual([{ lat: GREER.lat, lng: GREER.lng }, ben.dropoff, ana.dropoff])
      );

      fireEvent.click(within(run()).getByRole("button", { name: w.droppedOff }));
      await waitFor(() => expect(sent(fetchMock).at(-1)).toEqual([ben.id, "completed"]));
      await waitFor(async () => expect(await nextStop()).toContain(w.laterFirst[1]));
      expect(later()).toEqual([]);
      // The driver's own moves are not announced as changes.
      expect(news()).toBe("");

      fireEvent.click(within(run()).getByRole("button", { name: w.droppedOff }));
      await waitFor(() => expect(sent(fetchMock).at(-1)).toEqual([ana.id, "completed"]));
      expect(await within(run()).findByText(w.noStops)).toBeTruthy();
      // No stops left: no route on the map.
      await waitFor(() => expect(mapProps().route).toBeUndefined());
    });

    it("announces a ride added mid-run in the live region, after the stop in progress, which keeps the top", async () => {
      await open();
      await waitFor(async () => expect(await nextStop()).toBe(w.anaPickup));
      // The dispatcher puts Cy before Ana's pickup: the top stays Ana's until she is aboard.
      cy = { ...cy, status: "accepted" };
      rides = [...rides, cy];
      plan = [stop(cy, "pickup", 3, "Library Steps"), stop(cy, "dropoff", 6, null), ...plan];
      pushRide(cy);
      await waitFor(() => expect(news()).toBe(w.added));
      expect(await nextStop()).toBe(w.anaPickup);
      expect(later()[0]).toBe(w.cyPickup);

      fireEvent.click(within(run()).getByRole("button", { name: w.pickedUp }));
      // Ana aboard: now the plan's own order, Cy's pickup first.
      await waitFor(async () => expect(await nextStop()).toBe(w.cyPickup));
    });

    it("announces a ride removed and a stop moved by the plan", async () => {
      await open();
      await waitFor(async () => expect(await nextStop()).toBe(w.anaPickup));
      // Ana's ride canceled by her: gone from the run, and said so.
      plan = plan.filter((s) => s.rideId !== ana.id);
      const canceled = moved(ana, "canceled");
      rides = rides.filter((r) => r.id !== ana.id);
      pushRide(canceled);
      await waitFor(() => expect(news()).toBe(w.removed));
      expect(await nextStop()).toBe(w.benDropoff);

      // Cy joins, then the plan puts Ben's drop-off after Cy's pickup.
      rides = [...rides, cy];
      plan = [...plan, stop(cy, "pickup", 12, "Library Steps"), stop(cy, "dropoff", 20, null)];
      pushRide(cy);
      await waitFor(() => expect(news()).toContain(w.added.split(":")[0]));
      plan = [plan[1], { ...plan[0], plannedAt: at(14) }, plan[2]];
      pushRide({ ...ben, updatedAt: ben.updatedAt + 5000 });
      await waitFor(() => expect(news()).toBe(w.moved));
    });

    it("shows No-show only once the wait at the pickup is over", async () => {
      ana = { ...ana, status: "on-the-way", reachedPickupAt: Date.now() - 200_000, noShowFrom: Date.now() - 20_000 };
      rides = [ana, ben];
      const { fetchMock } = await open();
      await waitFor(async () => expect(await nextStop()).toBe(w.anaPickup));
      fireEvent.click(await within(run()).findByRole("button", { name: w.noShow }));
      await waitFor(() => expect(sent(fetchMock)).toEqual([[ana.id, "no-show"]]));
      await waitFor(async () => expect(await nextStop()).toBe(w.benDropoff));
      expect(news()).toBe("");
    });

    it("in drivers mode stays the ride list and never asks for a plan", async () => {
      const { fetchMock } = await open(false);
      expect(await screen.findByText(w.rideList)).toBeTruthy();
      const names = () => [...document.querySelectorAll(".ride-item__name")].map((h) => h.textContent);
      await waitFor(() => expect(names()).toEqual(["Ben Ortiz", "Ana Ruiz"]));
      expect(screen.queryByText(w.title)).toBeNull();
      expect(callsTo(fetchMock, "GET", "/greer/api/drivers/plan")).toHaveLength(0);
      expect(mapProps().route).toBeUndefined();
    });
  });
}
