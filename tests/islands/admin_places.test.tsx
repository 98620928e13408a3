/**
 * Admin Places in happy-dom with the map faked at its props: the
 * list, adding at a tapped point, renaming, moving by drag and by Move then a
 * tap, deleting after a confirmation, the rules checked before sending, the
 * server's refusals, and all of it in Spanish.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import AdminPlaces from "../../islands/AdminPlaces.tsx";
import type { Place } from "../../lib/places.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { dragPin, pinsOnMap, tapMap } from "./fake_map.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

signedInTests();

const AREA = { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" };
const INSIDE = { lat: 34.941, lng: -82.225 };
const OUTSIDE = { lat: 34.965, lng: -82.2271 };
const HALL: Place = { id: "01HALL0000000000000000000A", name: "City Hall", lat: 34.9366, lng: -82.2253, note: null };
const STATION: Place = {
  id: "01STATION00000000000000000",
  name: "Greer Station",
  lat: 34.9384,
  lng: -82.2279,
  note: "Trade Street side",
};
const LIST = "GET /greer/api/places";
const ADD = "POST /greer/api/admin/places";
const ON = (id: string) => `PUT /greer/api/admin/places/${id}`;
const OFF = (id: string) => `DELETE /greer/api/admin/places/${id}`;

function setUp(routes: Record<string, Route> = {}) {
  signIn();
  return stubApi({ roles: ["admin"], routes: { [LIST]: () => json([STATION, HALL]), ...routes } });
}

function show(lang: "en" | "es" = "en") {
  return render(inLanguage(lang, "AdminPlaces", <AdminPlaces tenant="greer" area={AREA} mapStyleUrl={null} />));
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, key: string) => {
  const [method, path] = key.split(" ");
  const call = callsTo(fetchMock, method, path).at(-1);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};
const rows = () => screen.getAllByRole("listitem").filter((li) => li.classList.contains("places-list__item"));

describe("AdminPlaces", () => {
  it("lists the places by name beside the map, with their pins", async () => {
    setUp();
    const { container } = show();
    expect(await screen.findByRole("heading", { name: "2 of 300 places" })).toBeDefined();
    expect(rows().map((r) => r.textContent)).toEqual([
      "City HallEditMoveDelete",
      "Greer StationTrade Street sideEditMoveDelete",
    ]);
    expect(pinsOnMap(container).map((p) => p.title)).toEqual(["City Hall", "Greer Station"]);
    expect(screen.getByRole("region", { name: "Map of places" }).dataset.picking).toBe("true");
  });

  it("adds a place where the map was tapped, checking the name first", async () => {
    const fetchMock = setUp({
      [ADD]: () =>
        json({ place: { id: "01NEW00000000000000000000A", ...INSIDE, name: "Clinic", note: "Door B" } }, 201),
    });
    const { container } = show();
    await screen.findByRole("heading", { name: "2 of 300 places" });
    tapMap(INSIDE);
    const form = within(screen.getByRole("form", { name: "New place" }));
    expect(pinsOnMap(container).find((p) => p.title === "New place")?.at).toBe(`${INSIDE.lat},${INSIDE.lng}`);
    expect(document.activeElement).toBe(form.getByLabelText("Name"));
    fireEvent.click(form.getByRole("button", { name: "Add place" }));
    expect(form.getByRole("alert").textContent).toBe("Name must be 1-80 characters");
    expect(callsTo(fetchMock, "POST", "/greer/api/admin/places")).toHaveLength(0);
    fireEvent.change(form.getByLabelText("Name"), { target: { value: " Clinic " } });
    fireEvent.change(form.getByLabelText("Note (optional)"), { target: { value: "Door B" } });
    // The focused name field scrolled the map away on a phone: once added, the map comes back into view.
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    fireEvent.click(form.getByRole("button", { name: "Add place" }));
    expect(await screen.findByText("Clinic was added.")).toBeDefined();
    expect(scrolled).toEqual([container.querySelector(".places-editor__map")]);
    scroll.mockRestore();
    expect(bodyOf(fetchMock, ADD)).toEqual({ name: "Clinic", note: "Door B", ...INSIDE });
    expect(rows().map((r) => r.querySelector(".places-list__name")?.textContent)).toEqual([
      "City Hall",
      "Clinic",
      "Greer Station",
    ]);
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("refuses a tap outside the area with the rider's text, and shows the server's refusal", async () => {
    setUp({ [ADD]: () => json({ error: "A place with this name already exists" }, 409) });
    show();
    await screen.findByRole("heading", { name: "2 of 300 places" });
    tapMap(OUTSIDE);
    expect(screen.getByRole("alert").textContent).toBe(
      "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.",
    );
    expect(screen.queryByRole("form")).toBeNull();
    tapMap(INSIDE);
    const form = within(screen.getByRole("form", { name: "New place" }));
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "city hall" } });
    fireEvent.click(form.getByRole("button", { name: "Add place" }));
    expect((await form.findByRole("alert")).textContent).toBe("A place with this name already exists");
  });

  it("renames a place and changes its note, keeping its point", async () => {
    const fetchMock = setUp({
      [ON(HALL.id)]: () => json({ place: { ...HALL, name: "Town Hall", note: "front steps" } }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Edit City Hall" }));
    const form = within(screen.getByRole("form", { name: "City Hall" }));
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "Town Hall" } });
    fireEvent.change(form.getByLabelText("Note (optional)"), { target: { value: "front steps" } });
    fireEvent.click(form.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Town Hall was saved.")).toBeDefined();
    expect(bodyOf(fetchMock, ON(HALL.id))).toEqual({
      name: "Town Hall",
      note: "front steps",
      lat: HALL.lat,
      lng: HALL.lng,
    });
  });

  it("moves a place by dragging its pin, or with Move and a tap", async () => {
    const fetchMock = setUp({ [ON(HALL.id)]: () => json({ place: { ...HALL, ...INSIDE } }) });
    show();
    await screen.findByRole("heading", { name: "2 of 300 places" });
    dragPin(HALL.id, INSIDE);
    expect(await screen.findByText("City Hall moved.")).toBeDefined();
    expect(bodyOf(fetchMock, ON(HALL.id))).toEqual({ name: "City Hall", note: null, ...INSIDE });

    const move = screen.getByRole("button", { name: "Move City Hall" });
    fireEvent.click(move);
    expect(move.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("status").textContent).toContain("Tap the map where City Hall should be.");
    const again = { lat: 34.937, lng: -82.229 };
    tapMap(again);
    await waitFor(() => expect(bodyOf(fetchMock, ON(HALL.id))).toEqual({ name: "City Hall", note: null, ...again }));
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("deletes a place after asking", async () => {
    const fetchMock = setUp({ [OFF(STATION.id)]: () => new Response(null, { status: 204 }) });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Delete place Greer Station" }));
    const dialog = within(screen.getByRole("dialog", { name: "Delete place" }));
    expect(dialog.getByText("Riders will no longer find Greer Station. Rides already asked for keep it."))
      .toBeDefined();
    fireEvent.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Greer Station was deleted.")).toBeDefined();
    expect(callsTo(fetchMock, "DELETE", `/greer/api/admin/places/${STATION.id}`)).toHaveLength(1);
    expect(rows()).toHaveLength(1);
  });

  it("says so when the places cannot be loaded", async () => {
    setUp({ [LIST]: () => json({ error: "boom" }, 500) });
    show();
    expect((await screen.findByRole("alert")).textContent).toBe("boom");
  });
});

describe("AdminPlaces in Spanish", () => {
  it("shows the list, the form and its rules in Spanish", async () => {
    setUp();
    show("es");
    expect(await screen.findByRole("heading", { name: "Lugares" })).toBeDefined();
    expect(await screen.findByRole("heading", { name: "2 de 300 lugares" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Eliminar el lugar City Hall" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Lugares" }).getAttribute("aria-current")).toBe("page");
    tapMap(OUTSIDE);
    expect(screen.getByRole("alert").textContent).toBe(
      "Lo sentimos, ese lugar está fuera de nuestra zona de servicio. Seleccione un lugar a menos de 1 milla de downtown Greer.",
    );
    tapMap(INSIDE);
    const form = within(screen.getByRole("form", { name: "Nuevo lugar" }));
    fireEvent.change(form.getByLabelText("Nota (opcional)"), { target: { value: "n".repeat(141) } });
    fireEvent.change(form.getByLabelText("Nombre"), { target: { value: "Clínica" } });
    fireEvent.click(form.getByRole("button", { name: "Agregar lugar" }));
    expect(form.getByRole("alert").textContent).toBe("La nota debe tener como máximo 140 caracteres");
  });
});
