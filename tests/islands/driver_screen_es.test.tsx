/**
 * The driver screen on a Spanish page: every word a driver reads
 * and taps, the statuses, the counts, the map's pins and the refusals made on
 * the page, in Spanish; the server's own refusal shown as it came (the server
 * already answers in the request's language).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DriverScreen from "../../islands/DriverScreen.tsx";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { pinsOnMap, resetMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { DRIVER_ID, GREER, makeRide, moved } from "./rides_fixtures.ts";
import { json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const ME = DRIVER_ID;
let rides: Ride[];
let available: boolean;
let put: (id: string, status: Ride["status"]) => Response;

beforeEach(() => {
  resetSession();
  resetMap();
  spyLocation();
  stubSockets();
  available = false;
  rides = [];
  put = (id, status) => {
    const next = moved(rides.find((r) => r.id === id)!, status, { assignedDriverId: ME });
    rides = rides.map((r) => (r.id === id ? next : r));
    return json({ ride: next });
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

async function open({ gps = true }: { gps?: boolean } = {}) {
  signIn(makeUser({ id: ME, tenants: [{ code: "greer", name: "City of Greer", roles: ["driver"] }] }));
  const geo = stubGeolocation();
  const fetchMock = stubApi({
    roles: ["driver"],
    routes: {
      "GET /greer/api/drivers/availability": () => json({ isAvailable: available }),
      "PUT /greer/api/drivers/availability": (init) => {
        available = JSON.parse(String(init.body)).isAvailable;
        return json({ isAvailable: available, location: null });
      },
      "PUT /greer/api/users/location": (init) => json(JSON.parse(String(init.body))),
      "GET /greer/api/driver/rides": () => json(rides),
    },
  });
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init = {}) => {
    const m = /^\/greer\/api\/rides\/([^/]+)$/.exec(String(input));
    if (m && init.method === "PUT") return Promise.resolve(put(m[1], JSON.parse(String(init.body)).status));
    return inner(input, init);
  });
  const view = render(
    inLanguage("es", "DriverScreen", <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} />),
  );
  await screen.findByRole("heading", { name: "Solicitudes de viaje activas" });
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  if (gps) geo.fix(GREER.lat, GREER.lng);
  return { ...view, geo };
}

const cardOf = (name: string) => screen.getByRole("listitem", { name });
const buttonsOf = (card: HTMLElement) => within(card).queryAllByRole("button").map((b) => b.textContent);

describe("DriverScreen in Spanish", () => {
  it("says its title, the switch and the empty list in Spanish, and turns the driver online", async () => {
    await open();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Panel del conductor");
    expect(await screen.findByText("No hay solicitudes de viaje activas")).toBeDefined();
    const toggle = screen.getByRole("switch", { name: /Disponible para viajes/ });
    await waitFor(() => expect(toggle.textContent).toContain("Sin conexión"));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toContain("En línea"));
    expect(screen.queryByText(/Available|Online|Offline|Driver Dashboard/)).toBeNull();
  });

  it("shows a ride's card in Spanish and moves it with Spanish buttons", async () => {
    rides = [makeRide({ riderName: "Ada", passengerCt: 1, destination: null })];
    await open();
    const card = await waitFor(() => cardOf("Ada"));
    expect(within(card).getByText("Pendiente")).toBeDefined();
    expect(within(card).getByText("1 pasajero")).toBeDefined();
    expect(within(card).getByText("Teléfono")).toBeDefined();
    expect(within(card).getByText("Destino")).toBeDefined();
    expect(within(card).getByText("Por definir")).toBeDefined();
    expect(within(card).getByText("Solicitado")).toBeDefined();
    expect(within(card).getByText("justo ahora")).toBeDefined();
    expect(buttonsOf(card)).toEqual(["Aceptar", "Cancelar"]);
    fireEvent.click(within(card).getByRole("button", { name: "Aceptar" }));
    await waitFor(() => expect(within(cardOf("Ada")).getByText("Aceptado")).toBeDefined());
    expect(buttonsOf(cardOf("Ada"))).toEqual(["Voy en camino", "Cancelar"]);
  });

  it("names the map's pins in Spanish", async () => {
    rides = [moved(makeRide({ riderName: "Ada", dropoff: { lat: 34.94, lng: -82.226 } }), "accepted")];
    const { container } = await open();
    await waitFor(() => cardOf("Ada"));
    const titles = pinsOnMap(container).map((p) => p.title);
    expect(titles).toContain("Ada: Aceptado");
    expect(titles).toContain("Recogida de Ada");
    expect(titles).toContain("Destino de Ada");
    expect(titles).toContain("Usted está aquí");
  });

  it("says why a second ride cannot start, in Spanish", async () => {
    rides = [
      moved(makeRide({ riderName: "Going" }), "on-the-way", { assignedDriverId: ME }),
      moved(makeRide({ riderName: "Waiting" }), "accepted", { assignedDriverId: ME }),
    ];
    await open();
    const waiting = await waitFor(() => cardOf("Waiting"));
    expect(within(waiting).getByText("Ya hay otro viaje en curso")).toBeDefined();
    expect(within(waiting).getByRole("button", { name: "Voy en camino" }).getAttribute("title")).toBe(
      "Ya hay otro viaje en curso",
    );
    expect(buttonsOf(cardOf("Going"))).toEqual(["A bordo", "No se presentó", "Cancelar"]);
  });

  it("counts No-show down in Spanish, and says why it waits before the pickup", async () => {
    const now = Date.now();
    rides = [
      moved(makeRide({ riderName: "There" }), "on-the-way", {
        assignedDriverId: ME,
        reachedPickupAt: now,
        noShowFrom: now + 170_000,
      }),
      moved(makeRide({ riderName: "Going" }), "on-the-way", { assignedDriverId: ME }),
    ];
    await open();
    const there = await waitFor(() => cardOf("There"));
    expect(buttonsOf(there)[1]).toMatch(/^No se presentó \(en 2:[45]\d\)$/);
    const going = cardOf("Going");
    expect(within(going).getByText("«No se presentó» se habilita tras esperar en la recogida.")).toBeDefined();
  });

  it("says a failed move in Spanish, and shows the server's own (Spanish) refusal as it came", async () => {
    rides = [makeRide({ riderName: "Ada" })];
    put = () => new Response("bad gateway", { status: 502 });
    await open();
    fireEvent.click(within(await waitFor(() => cardOf("Ada"))).getByRole("button", { name: "Cancelar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No se pudo actualizar el viaje.");
    put = () => json({ error: "No se puede cambiar un viaje de aceptado a aceptado" }, 409);
    fireEvent.click(within(cardOf("Ada")).getByRole("button", { name: "Aceptar" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("No se puede cambiar un viaje de aceptado a aceptado")
    );
  });

  it("says a location error in Spanish", async () => {
    const { geo } = await open({ gps: false });
    geo.fail(1, "");
    expect((await screen.findByRole("alert")).textContent).toBe("Error al obtener la ubicación: permiso denegado");
    expect(screen.getByRole("button", { name: "Buscar su ubicación" })).toBeDefined();
  });
});

describe("DriverScreen: a booking handed over, in Spanish", () => {
  it("marks the card with its pickup time, and a ride asked for now has no such mark", async () => {
    const at = Date.UTC(2026, 0, 6, 14, 0);
    rides = [
      { ...makeRide({ status: "pending", riderName: "Reservó" }), scheduledFor: at },
      makeRide({ status: "pending", riderName: "Ahora" }),
    ];
    await open();
    const booked = (await screen.findByRole("heading", { name: "Reservó" })).closest("li")!;
    const time = new Intl.DateTimeFormat("es-US", { hour: "numeric", minute: "2-digit" }).format(at);
    expect(booked.querySelector(".ride-item__booked")?.textContent).toBe(`Recogida a las ${time}`);
    const now = screen.getByRole("heading", { name: "Ahora" }).closest("li")!;
    expect(now.querySelector(".ride-item__booked")).toBeNull();
  });

  it("says when a rider booked to arrive by a time must be there", async () => {
    const by = Date.UTC(2026, 0, 6, 14, 0);
    rides = [{ ...makeRide({ status: "pending", riderName: "Llega" }), scheduledFor: by - 29 * 60_000, arriveBy: by }];
    await open();
    const card = (await screen.findByRole("heading", { name: "Llega" })).closest("li")!;
    const time = new Intl.DateTimeFormat("es-US", { hour: "numeric", minute: "2-digit" }).format(by);
    expect([...card.querySelectorAll(".ride-item__booked")].at(-1)?.textContent).toBe(`Llegar antes de las ${time}`);
  });
});
