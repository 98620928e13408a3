/**
 * Places on the rider's screen on a Spanish page: the destination
 * field's suggestions and what screen readers are told, the pickup picker's
 * places and the Current Ride card, in Spanish; the requests name the places
 * as on an English page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, GREER, makeRide, PLACES } from "./rides_fixtures.ts";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

let my: Ride | null;
let sent: Record<string, unknown>[];

beforeEach(() => {
  resetSession();
  resetMap();
  spyLocation();
  stubSockets();
  my = null;
  sent = [];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

async function open({ form = true }: { form?: boolean } = {}) {
  signIn();
  const geo = stubGeolocation();
  stubApi({
    roles: ["rider"],
    routes: {
      "GET /greer/api/drivers/available": () => json([driver("d1")]),
      "GET /greer/api/rides/my": () => json(my),
      "GET /greer/api/schedule": () => json({ schedule: {} }),
      "GET /greer/api/places": () => json(PLACES),
      "POST /greer/api/rides": (init) => {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        my = makeRide({ destination: PLACES.find((p) => p.id === body.dropoffPlaceId)?.name ?? body.destination });
        return json({ ride: my }, 201);
      },
    },
  });
  render(inLanguage("es", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  geo.fix(GREER.lat, GREER.lng);
  if (form) await screen.findByRole("button", { name: "Solicitar viaje" });
}

const destination = async () => await screen.findByRole("combobox", { name: "Destino" }) as HTMLInputElement;
const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
const key = (field: HTMLElement, name: string) => fireEvent.keyDown(field, { key: name });
const liveCount = (field: HTMLElement) =>
  field.closest(".field")!.querySelector('[role="status"][aria-live="polite"]')!.textContent;

describe("places on the rider's screen in Spanish", () => {
  it("names the suggestions and says how many places were found, in Spanish plural forms", async () => {
    await open();
    const field = await destination();
    type(field, "gre");
    const listbox = screen.getByRole("listbox", { name: "Lugares sugeridos" });
    expect(within(listbox).getAllByRole("option")).toHaveLength(2);
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(liveCount(field)).toBe("2 lugares encontrados");
    type(field, "cafe");
    expect(within(listbox).getByRole("option").textContent).toBe("Café Central");
    expect(liveCount(field)).toBe("1 lugar encontrado");
    type(field, "Biblioteca");
    expect(liveCount(field)).toBe("No se encontraron lugares");
    expect(field.getAttribute("aria-expanded")).toBe("false");
  });

  it("chooses with the keyboard and sends dropoffPlaceId; typing afterwards drops the place", async () => {
    await open();
    const field = await destination();
    act(() => field.focus());
    type(field, "parque");
    expect(liveCount(field)).toBe("No se encontraron lugares");
    type(field, "park");
    key(field, "ArrowDown");
    expect(document.getElementById(field.getAttribute("aria-activedescendant")!)!.textContent).toBe("Greer City Park");
    key(field, "Enter");
    expect(field.value).toBe("Greer City Park");
    type(field, "Greer City Park, norte");
    type(field, "hall");
    key(field, "ArrowDown");
    key(field, "Escape");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    key(field, "ArrowDown");
    key(field, "Enter");
    fireEvent.click(screen.getByRole("button", { name: "Solicitar viaje" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      pickup: { lat: GREER.lat, lng: GREER.lng },
      dropoffPlaceId: "01PLACE0000000000000000002",
      passengerCt: 1,
    });
    const card = await screen.findByRole("region", { name: "Viaje actual" });
    expect(within(card).getByText("City Hall")).toBeDefined();
  });

  it('lists the places under "Elegir lugar de recogida" and sends pickupPlaceId', async () => {
    await open();
    await destination();
    fireEvent.click(screen.getByRole("button", { name: "Elegir lugar de recogida" }));
    expect(screen.getByText("Toque el mapa donde quiere que lo recojan.")).toBeDefined();
    const list = screen.getByRole("list", { name: "O elija un lugar:" });
    fireEvent.click(within(list).getByRole("button", { name: "Greer Station" }));
    expect(screen.getByText("Greer Station (Trade Street side)")).toBeDefined();
    expect(screen.getByRole("button", { name: "Usar el GPS" })).toBeDefined();
    type(await destination(), "Biblioteca");
    fireEvent.click(screen.getByRole("button", { name: "Solicitar viaje" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ pickupPlaceId: "01PLACE0000000000000000004", destination: "Biblioteca", passengerCt: 1 });
  });

  it("names the pickup place on the Current Ride card", async () => {
    my = makeRide({ pickupName: "Greer Station (Trade Street side)" });
    await open({ form: false });
    const card = await screen.findByRole("region", { name: "Viaje actual" });
    expect(within(card).getByText("Recogida").nextElementSibling!.textContent).toBe(
      "Greer Station (Trade Street side)",
    );
  });
});
