/**
 * Admin Vehicles in happy-dom, the API faked at the wire: the list with
 * seats and wheelchair spaces, adding, changing, the server's refusals,
 * deleting after a confirmation, and all of it in Spanish.
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import AdminVehicles from "../../islands/AdminVehicles.tsx";
import type { Vehicle } from "../../lib/vehicles.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();

const VAN: Vehicle = { id: "01VAN00000000000000000000A", name: "Van 1", seats: 12, wheelchairSpaces: 2 };
const CAR: Vehicle = { id: "01CAR00000000000000000000A", name: "Car", seats: 6, wheelchairSpaces: 0 };
const LIST = "GET /greer/api/admin/vehicles";
const ADD = "POST /greer/api/admin/vehicles";
const ON = (id: string) => `PUT /greer/api/admin/vehicles/${id}`;
const OFF = (id: string) => `DELETE /greer/api/admin/vehicles/${id}`;

function setUp(routes: Record<string, Route> = {}) {
  signIn();
  return stubApi({ roles: ["admin"], routes: { [LIST]: () => json([VAN, CAR]), ...routes } });
}

function show(lang: "en" | "es" = "en") {
  return render(inLanguage(lang, "AdminVehicles", <AdminVehicles tenant="greer" />));
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, key: string) => {
  const [method, path] = key.split(" ");
  const call = callsTo(fetchMock, method, path).at(-1);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};
const rows = () => screen.getAllByRole("listitem").filter((li) => li.classList.contains("places-list__item"));

describe("AdminVehicles", () => {
  it("lists the vehicles by name with their seats and wheelchair spaces", async () => {
    setUp();
    show();
    expect(await screen.findByRole("button", { name: "Edit Car" })).toBeDefined();
    expect(rows().map((r) => r.textContent)).toEqual([
      "Car6 seats · 0 wheelchair spacesEditDelete",
      "Van 112 seats · 2 wheelchair spacesEditDelete",
    ]);
    expect(screen.getByRole("link", { name: "Vehicles" }).getAttribute("aria-current")).toBe("page");
  });

  it("adds a vehicle, sending numbers, and shows it in the list", async () => {
    const bus: Vehicle = { id: "01BUS00000000000000000000A", name: "Bus", seats: 1, wheelchairSpaces: 1 };
    const fetchMock = setUp({ [ADD]: () => json({ vehicle: bus }, 201) });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Add vehicle" }));
    const form = within(screen.getByRole("form", { name: "New vehicle" }));
    expect(document.activeElement).toBe(form.getByLabelText("Name"));
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "Bus" } });
    fireEvent.change(form.getByLabelText("Seats"), { target: { value: "1" } });
    fireEvent.change(form.getByLabelText("Wheelchair spaces"), { target: { value: "1" } });
    fireEvent.click(form.getByRole("button", { name: "Add vehicle" }));
    expect(await screen.findByText("Bus was added.")).toBeDefined();
    expect(bodyOf(fetchMock, ADD)).toEqual({ name: "Bus", seats: 1, wheelchairSpaces: 1 });
    expect(rows().map((r) => r.querySelector(".places-list__name")?.textContent)).toEqual(["Bus", "Car", "Van 1"]);
    expect(rows()[0].textContent).toContain("1 seat · 1 wheelchair space");
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("shows the server's refusal under the fields and keeps the form open", async () => {
    setUp({
      [ADD]: () => json({ error: "Seats must be a whole number from 1 to 60", field: "seats" }, 400),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Add vehicle" }));
    const form = within(screen.getByRole("form", { name: "New vehicle" }));
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "Bus" } });
    fireEvent.change(form.getByLabelText("Seats"), { target: { value: "99" } });
    fireEvent.click(form.getByRole("button", { name: "Add vehicle" }));
    expect((await form.findByRole("alert")).textContent).toBe("Seats must be a whole number from 1 to 60");
    expect(rows()).toHaveLength(2);
  });

  it("changes a vehicle's seats", async () => {
    const fetchMock = setUp({ [ON(VAN.id)]: () => json({ vehicle: { ...VAN, seats: 14 } }) });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Van 1" }));
    const form = within(screen.getByRole("form", { name: "Van 1" }));
    expect((form.getByLabelText("Seats") as HTMLInputElement).value).toBe("12");
    fireEvent.change(form.getByLabelText("Seats"), { target: { value: "14" } });
    fireEvent.click(form.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Van 1 was saved.")).toBeDefined();
    expect(bodyOf(fetchMock, ON(VAN.id))).toEqual({ name: "Van 1", seats: 14, wheelchairSpaces: 2 });
    expect(rows()[1].textContent).toContain("14 seats");
  });

  it("deletes a vehicle only after the confirmation", async () => {
    const fetchMock = setUp({ [OFF(CAR.id)]: () => new Response(null, { status: 204 }) });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Delete vehicle Car" }));
    const dialog = within(screen.getByRole("dialog", { name: "Delete vehicle" }));
    expect(callsTo(fetchMock, "DELETE", `/greer/api/admin/vehicles/${CAR.id}`)).toHaveLength(0);
    fireEvent.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Car was deleted.")).toBeDefined();
    expect(callsTo(fetchMock, "DELETE", `/greer/api/admin/vehicles/${CAR.id}`)).toHaveLength(1);
    expect(rows().map((r) => r.querySelector(".places-list__name")?.textContent)).toEqual(["Van 1"]);
  });

  it("speaks Spanish", async () => {
    setUp({
      [ADD]: () => json({ error: "Ya existe un vehículo con este nombre", field: "name" }, 409),
    });
    show("es");
    expect(await screen.findByRole("button", { name: "Editar Car" })).toBeDefined();
    expect(screen.getByRole("heading", { name: "Vehículos" })).toBeDefined();
    expect(rows()[0].textContent).toBe("Car6 asientos · 0 espacios para silla de ruedasEditarEliminar");
    fireEvent.click(screen.getByRole("button", { name: "Agregar vehículo" }));
    const form = within(screen.getByRole("form", { name: "Vehículo nuevo" }));
    fireEvent.change(form.getByLabelText("Nombre"), { target: { value: "van 1" } });
    fireEvent.change(form.getByLabelText("Asientos"), { target: { value: "8" } });
    fireEvent.click(form.getByRole("button", { name: "Agregar vehículo" }));
    expect((await form.findByRole("alert")).textContent).toBe("Ya existe un vehículo con este nombre");
  });
});
