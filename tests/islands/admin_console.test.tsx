/** The provider's console at /super in happy-dom, in English and Spanish. */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import AdminConsole from "../../islands/AdminConsole.tsx";
import { inLanguage } from "../helpers/in_language.tsx";
import { dragPin, mapProps, tapMap } from "./fake_map.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const loc = signedInTests();

const LIST = "GET /api/super/tenants";
const ROWS = [
  { code: "greer", name: "City of Greer", status: "active", members: 12, ridesLast7Days: 40, createdAt: 0 },
  { code: "campus", name: "State Campus", status: "suspended", members: 3, ridesLast7Days: 0, createdAt: 0 },
];

const INQUIRIES = [
  {
    id: "02",
    createdAt: 0,
    name: "Bo",
    email: "bo@example.org",
    message: "Do you serve Taylors?",
    tenant: "greer",
    tenantName: "City of Greer",
    handled: false,
  },
  {
    id: "01",
    createdAt: 0,
    name: "Cy",
    email: "cy@example.org",
    message: "Hello",
    tenant: null,
    tenantName: null,
    handled: true,
  },
];

function setUp(routes: Record<string, Route> = {}) {
  signIn();
  return stubApi({
    routes: { [LIST]: () => json(ROWS), "GET /api/super/inquiries": () => json(INQUIRIES), ...routes },
  });
}

const rows = () => screen.getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0].textContent);

describe("AdminConsole", () => {
  it("lists the organisations with their status, members and rides, and searches them", async () => {
    setUp();
    render(<AdminConsole mapStyleUrl={null} />);
    expect(await screen.findByRole("heading", { name: "Provider console" })).toBeDefined();
    expect(rows()).toEqual(["City of Greer", "State Campus"]);
    const greer = screen.getAllByRole("row")[1];
    expect(within(greer).getByText("Active")).toBeDefined();
    expect(within(greer).getByText("12")).toBeDefined();
    expect(within(greer).getByText("40")).toBeDefined();
    expect(within(screen.getAllByRole("row")[2]).getByText("Paused")).toBeDefined();
    fireEvent.change(screen.getByLabelText("Search organizations"), { target: { value: "camp" } });
    expect(rows()).toEqual(["State Campus"]);
    fireEvent.change(screen.getByLabelText("Search organizations"), { target: { value: "zzz" } });
    expect(screen.getByText("No organizations match.")).toBeDefined();
  });

  it("pauses and resumes an organisation, then shows the list again", async () => {
    const fetchMock = setUp({
      "PUT /api/super/tenants/greer": () => json({ tenant: {} }),
      "PUT /api/super/tenants/campus": () => json({ tenant: {} }),
    });
    render(<AdminConsole mapStyleUrl={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Pause City of Greer" }));
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/api/super/tenants")).toHaveLength(2));
    const [, init] = callsTo(fetchMock, "PUT", "/api/super/tenants/greer")[0];
    expect(JSON.parse(String(init?.body))).toEqual({ status: "suspended" });
    fireEvent.click(screen.getByRole("button", { name: "Resume State Campus" }));
    await waitFor(() => expect(callsTo(fetchMock, "PUT", "/api/super/tenants/campus")).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, "PUT", "/api/super/tenants/campus")[0][1]?.body))).toEqual({
      status: "active",
    });
  });

  it("creates an organisation from the form and shows the server's refusal", async () => {
    let answer: Response = json({ error: "An organization with this code already exists" }, 409);
    const fetchMock = setUp({ "POST /api/super/tenants": () => answer });
    render(<AdminConsole mapStyleUrl={null} />);
    await screen.findByRole("heading", { name: "New organization" });
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type("Code", "spartan");
    type("Name", "Spartanburg");
    type("Centre latitude", "34.95");
    type("Centre longitude", "-81.93");
    type("Radius in meters", "1500");
    type("Area label", "downtown");
    type("Admin phone", "8645550177");
    fireEvent.click(screen.getByRole("button", { name: "Create organization" }));
    expect((await screen.findByRole("alert")).textContent).toBe("An organization with this code already exists");
    expect(JSON.parse(String(callsTo(fetchMock, "POST", "/api/super/tenants")[0][1]?.body))).toEqual({
      code: "spartan",
      name: "Spartanburg",
      serviceArea: { lat: 34.95, lng: -81.93, radiusMeters: 1500, label: "downtown" },
      timezone: "America/New_York",
      adminPhone: "8645550177",
    });
    answer = json({ tenant: {} }, 201);
    fireEvent.click(screen.getByRole("button", { name: "Create organization" }));
    expect((await screen.findByRole("status")).textContent).toBe("Organization Spartanburg created");
    expect(callsTo(fetchMock, "GET", "/api/super/tenants")).toHaveLength(2);
  });

  it("shows the area on a map once the typed centre is a point, and moves it by a tap or a drag", async () => {
    setUp();
    render(<AdminConsole mapStyleUrl={null} />);
    await screen.findByRole("heading", { name: "New organization" });
    expect(screen.queryByRole("region", { name: "Map of the new service area" })).toBeNull();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type("Centre latitude", "34.95");
    type("Centre longitude", "-81.93");
    type("Radius in meters", "1500");
    expect(screen.getByRole("region", { name: "Map of the new service area" })).toBeDefined();
    expect(mapProps().area).toMatchObject({ lat: 34.95, lng: -81.93, radiusMeters: 1500 });
    tapMap({ lat: 34.9512345678, lng: -81.9398765 });
    expect((screen.getByLabelText("Centre latitude") as HTMLInputElement).value).toBe("34.95123");
    expect((screen.getByLabelText("Centre longitude") as HTMLInputElement).value).toBe("-81.93988");
    dragPin("centre", { lat: 34.9, lng: -81.9 });
    expect(mapProps().pins[0].at).toEqual({ lat: 34.9, lng: -81.9 });
    type("Centre latitude", "north");
    expect(screen.queryByRole("region", { name: "Map of the new service area" })).toBeNull();
  });

  it("shows every tenant's activity with the organisation of each entry", async () => {
    setUp({
      "GET /api/super/audit": () =>
        json([{
          id: "1",
          at: 0,
          action: "tenant.created",
          by: "u1",
          byName: "Sam",
          target: "spartan",
          targetName: "Spartanburg",
          tenant: "spartan",
          details: { name: "Spartanburg" },
        }]),
    });
    render(<AdminConsole mapStyleUrl={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Activity" }));
    expect(await screen.findByText("Organization Spartanburg created")).toBeDefined();
    expect(screen.getByText("spartan")).toBeDefined();
    expect(screen.getByText("by Sam")).toBeDefined();
  });

  it("counts the unhandled inquiries in the navigation and marks one handled", async () => {
    const fetchMock = setUp({ "PUT /api/super/inquiries/02": () => json({ inquiry: {} }) });
    render(<AdminConsole mapStyleUrl={null} />);
    const tab = await screen.findByRole("button", { name: "Inquiries 1 unhandled" });
    fireEvent.click(tab);
    expect(screen.getByText("Do you serve Taylors?")).toBeDefined();
    expect(screen.getByText("City of Greer")).toBeDefined();
    expect(screen.getByText("From the Hopper site")).toBeDefined();
    expect(screen.getByText("Handled")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Mark the inquiry from Bo handled" }));
    await waitFor(() => expect(screen.getAllByText("Handled")).toHaveLength(2));
    expect(JSON.parse(String(callsTo(fetchMock, "PUT", "/api/super/inquiries/02")[0][1]?.body))).toEqual({
      handled: true,
    });
    expect(screen.getByRole("button", { name: "Inquiries" })).toBeDefined();
  });

  it("sets what an organisation's texts may cost: sign-in texts an hour and the +1 regions beyond US and Canada", async () => {
    const SETTINGS = "/greer/api/admin/settings";
    let saved: Response = json(
      { error: "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000" },
      400,
    );
    const fetchMock = setUp({
      [`GET ${SETTINGS}`]: () => json({ settings: { smsPerHour: 500, smsRegions: ["VI"] } }),
      [`PUT ${SETTINGS}`]: () => saved,
    });
    render(<AdminConsole mapStyleUrl={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Texts from City of Greer" }));
    const form = await screen.findByRole("form", { name: "Texts from City of Greer" });
    const perHour = await within(form).findByLabelText("Sign-in texts an hour") as HTMLInputElement;
    expect(perHour.value).toBe("500");
    const box = (name: string) => within(form).getByRole("checkbox", { name }) as HTMLInputElement;
    expect(box("U.S. Virgin Islands (VI)").checked).toBe(true);
    expect(box("Jamaica (JM)").checked).toBe(false);
    expect(within(form).getAllByRole("checkbox")).toHaveLength(23);
    expect(within(form).queryByRole("checkbox", { name: /\(US\)|\(CA\)/ })).toBeNull();

    // Checked before sending, as the server checks.
    fireEvent.change(perHour, { target: { value: "5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save texts" }));
    expect(within(form).getByRole("alert").textContent).toBe(
      "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000",
    );
    expect(callsTo(fetchMock, "PUT", SETTINGS)).toHaveLength(0);

    fireEvent.change(perHour, { target: { value: "5000" } });
    fireEvent.click(box("Puerto Rico (PR)"));
    fireEvent.click(box("U.S. Virgin Islands (VI)"));
    saved = json({ error: "Only a super admin may change where texts may go", field: "smsRegions" }, 403);
    fireEvent.click(within(form).getByRole("button", { name: "Save texts" }));
    await waitFor(() =>
      expect(within(form).getByRole("alert").textContent).toBe("Only a super admin may change where texts may go")
    );
    saved = json({ settings: {} });
    fireEvent.click(within(form).getByRole("button", { name: "Save texts" }));
    expect(await within(form).findByRole("status")).toBeDefined();
    expect(within(form).getByRole("status").textContent).toBe("Settings saved.");
    const puts = callsTo(fetchMock, "PUT", SETTINGS);
    expect(JSON.parse(String(puts.at(-1)![1]?.body))).toEqual({ smsPerHour: 5000, smsRegions: ["PR"] });
    fireEvent.click(within(form).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("form", { name: "Texts from City of Greer" })).toBeNull();
  });

  it("sends anyone who is not a super admin to /", async () => {
    setUp({ [LIST]: () => json({ error: "Access denied - super admin privileges required" }, 403) });
    render(<AdminConsole mapStyleUrl={null} />);
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/"));
    expect(screen.queryByRole("heading", { name: "Provider console" })).toBeNull();
  });

  it("sends a signed-out visitor to /", async () => {
    stubApi({});
    render(<AdminConsole mapStyleUrl={null} />);
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/"));
  });

  it("speaks Spanish on a Spanish page", async () => {
    setUp();
    render(inLanguage("es", "AdminConsole", <AdminConsole mapStyleUrl={null} />));
    expect(await screen.findByRole("heading", { name: "Consola del proveedor" })).toBeDefined();
    expect(screen.getByLabelText("Buscar organizaciones")).toBeDefined();
    expect(await screen.findByRole("button", { name: "Pausar City of Greer" })).toBeDefined();
    expect(screen.getByText("En pausa")).toBeDefined();
    expect(screen.getByRole("button", { name: "Crear organización" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Actividad" })).toBeDefined();
    // The inquiries come in a fetch of their own: the count shows once it answers.
    fireEvent.click(await screen.findByRole("button", { name: "Mensajes 1 sin atender" }));
    expect(screen.getByRole("button", { name: "Marcar como atendido el mensaje de Bo" })).toBeDefined();
    expect(screen.getByText("Del sitio de Hopper")).toBeDefined();
  });

  it("names the regions in Spanish on a Spanish page", async () => {
    setUp({ "GET /greer/api/admin/settings": () => json({ settings: { smsPerHour: 500, smsRegions: [] } }) });
    render(inLanguage("es", "AdminConsole", <AdminConsole mapStyleUrl={null} />));
    fireEvent.click(await screen.findByRole("button", { name: "Mensajes de texto de City of Greer" }));
    const form = await screen.findByRole("form", { name: "Mensajes de texto de City of Greer" });
    expect(await within(form).findByLabelText("Mensajes de inicio de sesión por hora")).toBeDefined();
    expect(within(form).getByRole("group", { name: "Enviar también mensajes a números de" })).toBeDefined();
    expect(within(form).getByRole("checkbox", { name: "Jamaica (JM)" })).toBeDefined();
    expect(within(form).getByRole("checkbox", { name: "República Dominicana (DO)" })).toBeDefined();
    expect(within(form).getByRole("button", { name: "Guardar" })).toBeDefined();
    expect(within(form).getByRole("button", { name: "Cerrar" })).toBeDefined();
  });
});
