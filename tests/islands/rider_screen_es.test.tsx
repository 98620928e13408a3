/**
 * The rider screen on a Spanish page: the form, the refusals made
 * on the page, the Current Ride card, the drivers line and the weekly
 * schedule in Spanish; the server's own refusal shown as it came (the server
 * answers in the request's language).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { AvailableDriver } from "../../lib/drivers.ts";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { pinsOnMap, resetMap, tapMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, GREER, makeRide, moved, OUTSIDE } from "./rides_fixtures.ts";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

let drivers: AvailableDriver[];
let my: Ride | null;
let post: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  resetSession();
  resetMap();
  spyLocation();
  stubSockets();
  drivers = [driver("d1")];
  my = null;
  post = (body) => {
    my = makeRide({ passengerCt: body.passengerCt as number, destination: (body.destination as string) ?? null });
    return json({ ride: my }, 201);
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

async function open({ gps = true }: { gps?: boolean } = {}) {
  signIn();
  const geo = stubGeolocation();
  stubApi({
    roles: ["rider"],
    routes: {
      "GET /greer/api/drivers/available": () => json(drivers),
      "GET /greer/api/rides/my": () => json(my),
      "GET /greer/api/schedule": () => json({ schedule: { "1": [{ start: "07:00", end: "19:00" }] } }),
      "POST /greer/api/rides": (init) => post(JSON.parse(String(init.body))),
    },
  });
  const view = render(inLanguage("es", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  await screen.findByRole("heading", { name: "Solicitar un viaje" });
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  if (gps) geo.fix(GREER.lat, GREER.lng);
  return { ...view, geo };
}

describe("RiderScreen in Spanish", () => {
  it("labels the form, the pickup and the drivers line in Spanish", async () => {
    await open();
    expect(await screen.findByRole("button", { name: "Solicitar viaje" })).toBeDefined();
    expect(screen.getByLabelText("Destino")).toBeDefined();
    expect(screen.getByLabelText("Pasajeros")).toBeDefined();
    expect(screen.getByText("Su ubicación actual (GPS)")).toBeDefined();
    expect(await screen.findByText("1 en línea")).toBeDefined();
    expect(screen.getByRole("button", { name: "Elegir lugar de recogida" })).toBeDefined();
    expect(screen.queryByText(/Request Ride|Destination|Passengers|online/)).toBeNull();
  });

  it("refuses a tap outside the area with the Spanish alert, naming the area and the distance", async () => {
    await open();
    await screen.findByRole("button", { name: "Solicitar viaje" });
    tapMap(OUTSIDE);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Lo sentimos, ese lugar está fuera de nuestra zona de servicio. Seleccione un lugar a menos de 1 milla de downtown Greer.",
    );
  });

  it("says the page's own refusal in Spanish before sending anything", async () => {
    await open();
    fireEvent.click(await screen.findByRole("button", { name: "Solicitar viaje" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Seleccione un destino en el mapa o escriba un destino.",
    );
  });

  it("shows the Current Ride card in Spanish after a request, with the status and the pins", async () => {
    const { container } = await open();
    fireEvent.change(await screen.findByLabelText("Destino"), { target: { value: "Biblioteca" } });
    fireEvent.click(screen.getByRole("button", { name: "Solicitar viaje" }));
    const card = await screen.findByRole("region", { name: "Viaje actual" });
    expect(within(card).getByText("Tiene una solicitud de viaje pendiente")).toBeDefined();
    expect(within(card).getByText("Pendiente")).toBeDefined();
    expect(within(card).getByText("Biblioteca")).toBeDefined();
    expect(within(card).getByRole("button", { name: "Cancelar viaje" })).toBeDefined();
    expect(pinsOnMap(container).map((p) => p.title)).toContain("Su viaje: Pendiente");
  });

  it("says the ride's status message in Spanish", async () => {
    my = moved(makeRide(), "accepted");
    await open();
    await screen.findByRole("region", { name: "Viaje actual" });
    expect(screen.getByText("¡Un conductor aceptó su viaje!")).toBeDefined();
  });

  it("says the arrival time, the delay and the driver's shuttle in Spanish", async () => {
    const ride = moved(makeRide({ dropoff: OUTSIDE }), "on-the-way");
    my = { ...ride, driverLocation: { lat: 34.9477, lng: -82.2271 }, etaMinutes: 7, lateMinutes: 5 } as Ride;
    const { container } = await open();
    const card = await screen.findByRole("region", { name: "Viaje actual" });
    await waitFor(() => expect(within(card).getByText("Llega en unos 7 min")).toBeDefined());
    expect(within(card).getByText("Con unos 5 min de retraso")).toBeDefined();
    expect(pinsOnMap(container).find((p) => p.kind === "shuttle")?.title).toBe("Su vehículo: Grace Hopper");
  });

  it("shows the weekly schedule in Spanish when no driver is online", async () => {
    drivers = [];
    await open();
    expect(await screen.findByRole("heading", { name: "Horario del transporte" })).toBeDefined();
    expect(await screen.findByText("Lun")).toBeDefined();
    expect(screen.getByText("7:00 a. m. – 7:00 p. m.")).toBeDefined();
    expect(screen.getAllByText("Sin servicio").length).toBeGreaterThan(0);
    expect(screen.getByText("0 en línea")).toBeDefined();
  });

  it("says a location error in Spanish", async () => {
    const { geo } = await open({ gps: false });
    geo.fail(1, "User denied Geolocation");
    expect(await screen.findByText("Error al obtener la ubicación: permiso denegado")).toBeDefined();
  });
});
