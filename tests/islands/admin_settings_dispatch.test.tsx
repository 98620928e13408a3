/**
 * The Dispatch section of the settings page in happy-dom: the saved mode and
 * limits shown, each changed and sent, each bad value refused before sending
 * with its field marked, the note
 * that automatic dispatch with no vehicles assigns no ride (linking the
 * Vehicles page), and all of it in Spanish.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import AdminSettings from "../../islands/AdminSettings.tsx";
import type { TenantSettings } from "../../lib/tenant_settings.ts";
import { SAVED } from "./saved_settings.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

signedInTests();

const PUT = "PUT /greer/api/admin/settings";
const VAN = { id: "01VAN0000000000000000000AA", name: "Van 1", seats: 12, wheelchairSpaces: 2 };

function setUp({ saved = SAVED, vehicles = [VAN], routes = {} }: {
  saved?: TenantSettings;
  vehicles?: unknown[];
  routes?: Record<string, Route>;
} = {}) {
  signIn();
  return stubApi({
    roles: ["admin"],
    routes: {
      "GET /greer/api/admin/settings": () => json({ settings: saved }),
      "GET /greer/api/admin/vehicles": () => json(vehicles),
      [PUT]: (init) => json({ settings: { ...saved, ...JSON.parse(String(init?.body)) } }),
      ...routes,
    },
  });
}

async function show(lang: "en" | "es" = "en") {
  render(inLanguage(lang, "AdminSettings", <AdminSettings tenant="greer" mapStyleUrl={null} />));
  await screen.findByRole("heading", { name: lang === "en" ? "Settings" : "Configuración" });
  return within(screen.getByRole("group", { name: lang === "en" ? "Dispatch" : "Despacho" }));
}

const sent = (fetchMock: ReturnType<typeof stubApi>) =>
  JSON.parse(String(callsTo(fetchMock, "PUT", "/greer/api/admin/settings").at(-1)?.[1]?.body));
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save settings" }));

describe("AdminSettings: dispatch", () => {
  it("shows the saved mode and limits, each with its explanation, and sends the changes", async () => {
    const fetchMock = setUp();
    const section = await show();
    const drivers = section.getByRole("radio", { name: "Drivers choose" }) as HTMLInputElement;
    const automatic = section.getByRole("radio", { name: "Automatic" }) as HTMLInputElement;
    expect(drivers.checked).toBe(true);
    expect(drivers.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(drivers.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Drivers see the waiting requests and accept the ones they take.",
    );
    const field = (label: string) => section.getByLabelText(label) as HTMLInputElement;
    expect(field("Longest wait (minutes)").value).toBe("15");
    expect(field("Ride time factor").value).toBe("1.5");
    expect(field("Extra ride minutes").value).toBe("10");
    const pooling = section.getByRole("checkbox", { name: "Shared rides" }) as HTMLInputElement;
    expect(pooling.checked).toBe(true);
    const hint = (el: HTMLElement) =>
      el.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(hint(field("Longest wait (minutes)"))).toEqual([
      "A ride asked for now is picked up within this many minutes, or the rider is told no shuttle can come.",
    ]);
    expect(hint(pooling)).toEqual([
      "On, a vehicle carries riders going the same way together. Off, one ride at a time.",
    ]);

    fireEvent.click(automatic);
    fireEvent.change(field("Longest wait (minutes)"), { target: { value: "20" } });
    fireEvent.change(field("Ride time factor"), { target: { value: "2" } });
    fireEvent.change(field("Extra ride minutes"), { target: { value: "0" } });
    fireEvent.click(pooling);
    save();
    expect((await screen.findByRole("status")).textContent).toBe("Settings saved.");
    expect(sent(fetchMock)).toMatchObject({
      dispatchMode: "automatic",
      maxWaitMinutes: 20,
      maxRideFactor: 2,
      maxRideExtraMinutes: 0,
      pooling: false,
    });
    expect((section.getByRole("radio", { name: "Automatic" }) as HTMLInputElement).checked).toBe(true);
    expect((section.getByRole("checkbox", { name: "Shared rides" }) as HTMLInputElement).checked).toBe(false);
  });

  it("refuses each value out of bounds before sending and marks its field", async () => {
    const fetchMock = setUp();
    const section = await show();
    const cases: [string, string, string][] = [
      ["Longest wait (minutes)", "4", "Longest wait must be a whole number from 5 to 60 minutes"],
      ["Longest wait (minutes)", "", "Longest wait must be a whole number from 5 to 60 minutes"],
      ["Ride time factor", "3.5", "Ride time factor must be a number from 1 to 3"],
      ["Ride time factor", "x", "Ride time factor must be a number from 1 to 3"],
      ["Extra ride minutes", "61", "Extra ride minutes must be a whole number from 0 to 60"],
    ];
    for (const [label, value, error] of cases) {
      const field = section.getByLabelText(label) as HTMLInputElement;
      const before = field.value;
      fireEvent.change(field, { target: { value } });
      save();
      const alert = screen.getByRole("alert");
      expect(alert.textContent, `${label} ${value}`).toBe(error);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
      fireEvent.change(field, { target: { value: before } });
      expect(field.getAttribute("aria-invalid")).toBe("false");
    }
    expect(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")).toHaveLength(0);
  });

  it("says automatic dispatch assigns no ride while the organisation has no vehicles, linking the Vehicles page", async () => {
    setUp({ vehicles: [] });
    const section = await show();
    const note = "With no vehicles, automatic dispatch assigns rides to no one.";
    expect(section.queryByText(note)).toBeNull();
    fireEvent.click(section.getByRole("radio", { name: "Automatic" }));
    expect(section.getByText(note)).toBeDefined();
    expect(section.getByRole("link", { name: "Add vehicles" }).getAttribute("href")).toBe("/greer/admin/vehicles");
    fireEvent.click(section.getByRole("radio", { name: "Drivers choose" }));
    expect(section.queryByText(note)).toBeNull();
  });

  it("shows no such note to an organisation with vehicles", async () => {
    const fetchMock = setUp({ saved: { ...SAVED, dispatchMode: "automatic" } });
    const section = await show();
    expect((section.getByRole("radio", { name: "Automatic" }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/admin/vehicles")).toHaveLength(1));
    expect(section.queryByRole("link", { name: "Add vehicles" })).toBeNull();
  });

  it("is in Spanish on a Spanish page", async () => {
    setUp({ vehicles: [] });
    const section = await show("es");
    expect((section.getByRole("radio", { name: "Los conductores eligen" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(section.getByRole("radio", { name: "Automático" }));
    expect(section.getByText("Sin vehículos, el despacho automático no asigna los viajes a nadie.")).toBeDefined();
    expect(section.getByRole("link", { name: "Agregar vehículos" })).toBeDefined();
    expect((section.getByLabelText("Espera máxima (minutos)") as HTMLInputElement).value).toBe("15");
    expect(section.getByLabelText("Factor de tiempo de viaje")).toBeDefined();
    expect(section.getByLabelText("Minutos extra de viaje")).toBeDefined();
    expect(section.getByRole("checkbox", { name: "Viajes compartidos" })).toBeDefined();
    fireEvent.change(section.getByLabelText("Espera máxima (minutos)"), { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar configuración" }));
    expect(screen.getByRole("alert").textContent).toBe("La espera máxima debe ser un número entero de 5 a 60 minutos");
  });
});
