/**
 * Places on the rider's screen, in happy-dom: the destination
 * field's suggestions as a WAI-ARIA 1.2 combobox (keys, accents, what screen
 * readers are told), what the request sends once a place is chosen, the
 * pickup picker's places, the map's places and the Current Ride card. The
 * wire is faked as in rider_screen.test.tsx; the map is the stand-in of
 * tests/islands/fake_map.tsx.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { pinsOnMap, placeOnMap, placesOnMap, resetMap, tapMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, GREER, INSIDE, makeRide, PLACES } from "./rides_fixtures.ts";
import { callsTo, json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const byId = (id: unknown) => PLACES.find((p) => p.id === id);

let my: Ride | null;
let places: () => Response;
let sent: Record<string, unknown>[];

beforeEach(() => {
  resetSession();
  resetMap();
  spyLocation();
  stubSockets();
  my = null;
  sent = [];
  places = () => json(PLACES);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

/** The server's side of a request, as routes/api/rides.ts answers one naming places. */
function post(body: Record<string, unknown>) {
  sent.push(body);
  const pickupPlace = byId(body.pickupPlaceId);
  const dropoffPlace = byId(body.dropoffPlaceId);
  my = makeRide({
    pickup: pickupPlace ? { lat: pickupPlace.lat, lng: pickupPlace.lng } : body.pickup as Ride["pickup"],
    ...(pickupPlace && { pickupName: `${pickupPlace.name}${pickupPlace.note ? ` (${pickupPlace.note})` : ""}` }),
    dropoff: dropoffPlace
      ? { lat: dropoffPlace.lat, lng: dropoffPlace.lng }
      : (body.dropoff as Ride["dropoff"]) ?? null,
    destination: dropoffPlace?.name ?? (body.destination as string) ?? null,
    passengerCt: body.passengerCt as number,
  });
  return json({ ride: my }, 201);
}

async function open({ form = true }: { form?: boolean } = {}) {
  signIn();
  const geo = stubGeolocation();
  const fetchMock = stubApi({
    roles: ["rider"],
    routes: {
      "GET /greer/api/drivers/available": () => json([driver("d1")]),
      "GET /greer/api/rides/my": () => json(my),
      "GET /greer/api/schedule": () => json({ schedule: {} }),
      "GET /greer/api/places": () => places(),
      "POST /greer/api/rides": (init) => post(JSON.parse(String(init.body))),
    },
  });
  const view = render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  geo.fix(GREER.lat, GREER.lng);
  if (form) await screen.findByRole("button", { name: "Request Ride" });
  return { ...view, fetchMock };
}

/** The destination field once the places have come (it is a combobox only with places to suggest). */
async function destination() {
  return await screen.findByRole("combobox", { name: "Destination" }) as HTMLInputElement;
}

const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
const key = (field: HTMLElement, name: string) => fireEvent.keyDown(field, { key: name });
/** The suggestions shown (the passengers select has options too). */
const options = () => [...document.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')];
const liveCount = (field: HTMLElement) =>
  field.closest(".field")!.querySelector('[role="status"][aria-live="polite"]')!.textContent;
const request = () => fireEvent.click(screen.getByRole("button", { name: "Request Ride" }));

describe("the destination field's suggestions", () => {
  it("asks for the places once, with the token, and is a closed list combobox until something is typed", async () => {
    const { fetchMock } = await open();
    const field = await destination();
    const calls = callsTo(fetchMock, "GET", "/greer/api/places");
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0][1]!.headers).get("authorization")).toBe("Bearer token-abc");
    expect(field.getAttribute("aria-autocomplete")).toBe("list");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(field.hasAttribute("aria-activedescendant")).toBe(false);
    const list = document.getElementById(field.getAttribute("aria-controls")!)!;
    expect(list.getAttribute("role")).toBe("listbox");
    expect(list.getAttribute("aria-label")).toBe("Suggested places");
    expect(options()).toHaveLength(0);
    expect(liveCount(field)).toBe("");
  });

  it("suggests matching places as the rider types, best first, and says how many", async () => {
    await open();
    const field = await destination();
    type(field, "gre");
    expect(field.getAttribute("aria-expanded")).toBe("true");
    const listbox = screen.getByRole("listbox", { name: "Suggested places" });
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Greer City Park",
      "Greer Station" + "Trade Street side",
    ]);
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual(["false", "false"]);
    expect(field.hasAttribute("aria-activedescendant")).toBe(false);
    expect(liveCount(field)).toBe("2 places found");
    type(field, "city");
    expect(options().map((o) => o.querySelector(".combobox__name")!.textContent)).toEqual([
      "City Hall",
      "Greer City Park",
    ]);
    type(field, "city h");
    expect(liveCount(field)).toBe("1 place found");
  });

  it('ignores accents and case: "cafe" finds "Café Central"', async () => {
    await open();
    const field = await destination();
    type(field, "CAFE");
    expect(options().map((o) => o.textContent)).toEqual(["Café Central"]);
    expect(liveCount(field)).toBe("1 place found");
  });

  it('says "No places found" and stays closed when nothing matches; the typed text is still a destination', async () => {
    await open();
    const field = await destination();
    type(field, "123 Main St");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(options()).toHaveLength(0);
    expect(liveCount(field)).toBe("No places found");
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ pickup: { lat: GREER.lat, lng: GREER.lng }, destination: "123 Main St", passengerCt: 1 });
  });

  it("moves through the suggestions with the arrow keys, wrapping, and names the active one", async () => {
    await open();
    const field = await destination();
    type(field, "gre");
    const active = () => {
      const id = field.getAttribute("aria-activedescendant");
      return id ? document.getElementById(id)!.querySelector(".combobox__name")!.textContent : null;
    };
    key(field, "ArrowDown");
    expect(active()).toBe("Greer City Park");
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual(["true", "false"]);
    key(field, "ArrowDown");
    expect(active()).toBe("Greer Station");
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual(["false", "true"]);
    key(field, "ArrowDown");
    expect(active()).toBe("Greer City Park");
    key(field, "ArrowUp");
    expect(active()).toBe("Greer Station");
    // Typing again starts from the field: no option is active.
    type(field, "gree");
    expect(active()).toBeNull();
    key(field, "ArrowUp");
    expect(active()).toBe("Greer Station");
  });

  it("chooses the active suggestion with Enter, without sending the form, and closes the list", async () => {
    const { container } = await open();
    const field = await destination();
    type(field, "station");
    key(field, "ArrowDown");
    key(field, "Enter");
    expect(field.value).toBe("Greer Station");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(field.hasAttribute("aria-activedescendant")).toBe(false);
    expect(liveCount(field)).toBe("");
    expect(sent).toHaveLength(0);
    expect(pinsOnMap(container).find((p) => p.kind === "destination")?.at).toBe("34.9375,-82.2283");
  });

  it("closes with Escape and keeps the typed text; Enter then sends the form as typed", async () => {
    await open();
    const field = await destination();
    type(field, "city");
    key(field, "ArrowDown");
    key(field, "Escape");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(field.hasAttribute("aria-activedescendant")).toBe(false);
    expect(options()).toHaveLength(0);
    expect(field.value).toBe("city");
    // Enter with no active option is the form's: it sends the text.
    key(field, "Enter");
    fireEvent.submit(field.form!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ destination: "city" });
    expect(sent[0]).not.toHaveProperty("dropoffPlaceId");
  });

  it("reopens with Arrow Down after Escape, on the first suggestion", async () => {
    await open();
    const field = await destination();
    type(field, "city");
    key(field, "Escape");
    key(field, "ArrowDown");
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-activedescendant")!)!.textContent).toContain("City Hall");
  });

  it("chooses a suggestion with a click or tap, and the request names the place by id alone", async () => {
    const { container } = await open();
    const field = await destination();
    type(field, "hall");
    const option = screen.getByRole("option", { name: /City Hall/ });
    // A press on an option keeps focus in the field (mousedown is cancelled), so the list is there for the click.
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(field.value).toBe("City Hall");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(pinsOnMap(container).find((p) => p.kind === "destination")?.at).toBe("34.9386,-82.2272");
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      pickup: { lat: GREER.lat, lng: GREER.lng },
      dropoffPlaceId: "01PLACE0000000000000000002",
      passengerCt: 1,
    });
    const card = await screen.findByRole("region", { name: "Current Ride" });
    expect(within(card).getByText("City Hall")).toBeDefined();
  });

  it("drops the chosen place when the rider types afterwards, as typing drops a map point", async () => {
    const { container } = await open();
    const field = await destination();
    type(field, "hall");
    fireEvent.click(screen.getByRole("option", { name: /City Hall/ }));
    type(field, "City Hall, back door");
    expect(pinsOnMap(container).some((p) => p.kind === "destination")).toBe(false);
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      pickup: { lat: GREER.lat, lng: GREER.lng },
      destination: "City Hall, back door",
      passengerCt: 1,
    });
  });

  it("closes the list when focus leaves the field by keyboard", async () => {
    await open();
    const field = await destination();
    act(() => field.focus());
    type(field, "gre");
    expect(field.getAttribute("aria-expanded")).toBe("true");
    act(() => field.blur());
    expect(field.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps the list until the click of a press elsewhere, so a button does not move from under the finger", async () => {
    await open();
    const field = await destination();
    act(() => field.focus());
    type(field, "gre");
    const button = screen.getByRole("button", { name: "Request Ride" });
    fireEvent.pointerDown(button);
    act(() => field.blur());
    expect(field.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(button);
    expect(field.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ destination: "gre" });
  });

  it("works without suggestions when the places cannot be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    places = () => json({ error: "The service is busy right now. Please try again." }, 503);
    await open();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const field = screen.getByLabelText("Destination") as HTMLInputElement;
    expect(field.getAttribute("role")).toBeNull();
    expect(field.hasAttribute("aria-expanded")).toBe(false);
    type(field, "gre");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(placesOnMap()).toEqual([]);
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ destination: "gre" });
  });
});

describe("a place as the pickup", () => {
  it('lists the places while "Set pickup location" is open, and a chosen one is sent as pickupPlaceId', async () => {
    const { container } = await open();
    await destination();
    expect(screen.queryByText("Or choose a place:")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    const list = screen.getByRole("list", { name: "Or choose a place:" });
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(PLACES.map((p) => p.name));
    fireEvent.click(within(list).getByRole("button", { name: "Greer Station" }));
    expect(screen.queryByRole("list", { name: "Or choose a place:" })).toBeNull();
    expect(screen.getByText("Greer Station (Trade Street side)")).toBeDefined();
    expect(pinsOnMap(container).find((p) => p.kind === "pickup")?.at).toBe("34.9375,-82.2283");
    expect(screen.getByRole("button", { name: "Use GPS instead" })).toBeDefined();

    type(await destination(), "Library");
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ pickupPlaceId: "01PLACE0000000000000000004", destination: "Library", passengerCt: 1 });
    const card = await screen.findByRole("region", { name: "Current Ride" });
    expect(within(card).getByText("Pickup").nextElementSibling!.textContent).toBe("Greer Station (Trade Street side)");
  });

  it("drops the pickup place for a point tapped on the map, or for the GPS", async () => {
    await open();
    fireEvent.click(await screen.findByRole("button", { name: "Set pickup location" }));
    fireEvent.click(screen.getByRole("button", { name: "City Hall" }));
    fireEvent.click(screen.getByRole("button", { name: "Use GPS instead" }));
    expect(screen.getByText("Your current location (GPS)")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    fireEvent.click(screen.getByRole("button", { name: "City Hall" }));
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    tapMap(INSIDE);
    expect(screen.getByText("The point you set on the map")).toBeDefined();
    type(await destination(), "Library");
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ pickup: INSIDE, destination: "Library", passengerCt: 1 });
  });
});

describe("places on the map", () => {
  it('shows the places, and "Go here" / "Pick up here" set the destination and the pickup', async () => {
    const { container } = await open();
    await destination();
    expect(placesOnMap()).toEqual(PLACES.map((p) => p.name));
    placeOnMap("Greer City Park", "destination");
    expect((await destination()).value).toBe("Greer City Park");
    placeOnMap("City Hall", "pickup");
    expect(screen.getByText("City Hall (Main entrance)")).toBeDefined();
    expect(pinsOnMap(container).filter((p) => p.kind !== "shuttle").map((p) => [p.kind, p.at])).toEqual([
      ["pickup", "34.9386,-82.2272"],
      ["destination", "34.9368,-82.2259"],
    ]);
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      pickupPlaceId: "01PLACE0000000000000000002",
      dropoffPlaceId: "01PLACE0000000000000000003",
      passengerCt: 1,
    });
  });

  it("a map tap after choosing a place replaces it with the point", async () => {
    await open();
    placeOnMap("Greer City Park", "destination");
    tapMap(INSIDE);
    expect((await destination()).value).toBe("MAP LOCATION");
    request();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ pickup: { lat: GREER.lat, lng: GREER.lng }, dropoff: INSIDE, passengerCt: 1 });
  });

  it("hides the places while a ride is active", async () => {
    my = makeRide({ pickupName: "Greer Station (Trade Street side)" });
    const { fetchMock } = await open({ form: false });
    const card = await screen.findByRole("region", { name: "Current Ride" });
    expect(within(card).getByText("Greer Station (Trade Street side)")).toBeDefined();
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/places")).toHaveLength(1));
    expect(placesOnMap()).toEqual([]);
  });
});
