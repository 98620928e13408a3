/**
 * The settings form (issue 19) in happy-dom with the map faked at its props:
 * it loads the saved settings, moves the area by a tap and by dragging the
 * centre, resizes it with the slider, previews the brand colour with its
 * contrast, checks each field as the server does before sending, shows the
 * server's refusal, and saves; in English and Spanish.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import AdminSettings from "../../islands/AdminSettings.tsx";
import type { TenantSettings } from "../../lib/tenant_settings.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { dragPin, mapProps, tapMap } from "./fake_map.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

signedInTests();

const SAVED: TenantSettings = {
  name: "City of Greer",
  serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
  timezone: "America/New_York",
  contactEmail: null,
  contactPhone: null,
  brandColor: "#1d4ed8",
  smsPerHour: 500,
  joinPolicy: "open",
};
const GET = "GET /greer/api/admin/settings";
const PUT = "PUT /greer/api/admin/settings";

function setUp(routes: Record<string, Route> = {}) {
  signIn();
  return stubApi({
    roles: ["admin"],
    routes: {
      [GET]: () => json({ settings: SAVED }),
      [PUT]: (init) => json({ settings: { ...SAVED, ...JSON.parse(String(init?.body)) } }),
      ...routes,
    },
  });
}

function show(lang: "en" | "es" = "en") {
  return render(inLanguage(lang, "AdminSettings", <AdminSettings tenant="greer" mapStyleUrl={null} />));
}

const sent = (fetchMock: ReturnType<typeof stubApi>) =>
  JSON.parse(String(callsTo(fetchMock, "PUT", "/greer/api/admin/settings").at(-1)?.[1]?.body));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("AdminSettings", () => {
  it("shows the saved settings, moves and resizes the area on the map, and saves", async () => {
    const fetchMock = setUp();
    show();
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeDefined();
    expect(input("Name").value).toBe("City of Greer");
    expect(input("Area name, as riders read it").value).toBe("downtown Greer");
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("America/New_York");
    expect(mapProps().area).toEqual(SAVED.serviceArea);

    tapMap({ lat: 34.94, lng: -82.23 });
    expect(mapProps().area).toMatchObject({ lat: 34.94, lng: -82.23 });
    dragPin("centre", { lat: 34.95, lng: -82.21 });
    expect(mapProps().pins).toEqual([expect.objectContaining({ id: "centre", at: { lat: 34.95, lng: -82.21 } })]);
    fireEvent.change(input("Radius"), { target: { value: "1200" } });
    expect(mapProps().area.radiusMeters).toBe(1200);
    expect(input("Radius").getAttribute("aria-valuetext")).toBe("1200 meters (0.7 miles)");

    fireEvent.change(input("Name"), { target: { value: "Greer Link" } });
    fireEvent.change(input("Contact phone (optional)"), { target: { value: "(864) 555-0199" } });
    const join = screen.getByRole("group", { name: "Who may join" });
    expect((screen.getByRole("radio", { name: "Anyone who signs in" }) as HTMLInputElement).checked).toBe(true);
    expect(join.contains(screen.getByRole("radio", { name: "Only people an admin added" }))).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Only people an admin added" }));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("status")).textContent).toBe("Settings saved.");
    expect(sent(fetchMock)).toEqual({
      name: "Greer Link",
      contactEmail: null,
      contactPhone: "8645550199",
      serviceArea: { lat: 34.95, lng: -82.21, radiusMeters: 1200, label: "downtown Greer" },
      timezone: "America/New_York",
      brandColor: "#1d4ed8",
      smsPerHour: 500,
      joinPolicy: "invite",
    });
  });

  it("previews the brand colour with the text colour that passes, and its contrast", async () => {
    setUp();
    const { container } = show();
    await screen.findByRole("heading", { name: "Settings" });
    expect(container.querySelector(".brand-preview figcaption")?.textContent).toBe(
      "White text on this colour: 6.7:1 contrast.",
    );
    fireEvent.change(input("Brand colour"), { target: { value: "#f5c518" } });
    expect(container.querySelector(".brand-preview figcaption")?.textContent).toBe(
      "White text would be too faint on this colour, so dark text is used: 11.0:1 contrast.",
    );
    expect(container.querySelector(".brand-preview__name")?.textContent).toBe("Hopper · City of Greer");
  });

  it("checks each field before sending, marks it, and shows the server's refusal", async () => {
    const fetchMock = setUp({ [PUT]: () => json({ error: "Access denied - admin privileges required" }, 403) });
    show();
    await screen.findByRole("heading", { name: "Settings" });
    fireEvent.change(input("Name"), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toBe("Name must be 1-80 characters");
    expect(input("Name").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input("Name"), { target: { value: "Greer" } });
    fireEvent.change(input("Sign-in texts an hour"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Sign-in texts an hour must be a whole number from 10 to 100,000",
    );
    expect(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")).toHaveLength(0);
    fireEvent.change(input("Sign-in texts an hour"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Access denied - admin privileges required")
    );
  });

  it("is in Spanish on a Spanish page", async () => {
    setUp();
    const { container } = show("es");
    expect(await screen.findByRole("heading", { name: "Configuración" })).toBeDefined();
    expect(screen.getByRole("group", { name: "Zona de servicio" })).toBeDefined();
    expect(screen.getByRole("group", { name: "Quién puede unirse" })).toBeDefined();
    expect(screen.getByRole("radio", { name: "Solo las personas que agregó un administrador" })).toBeDefined();
    expect(input("Radio").getAttribute("aria-valuetext")).toBe("805 metros (0.5 millas)");
    expect(container.querySelector(".brand-preview figcaption")?.textContent).toBe(
      "Texto blanco sobre este color: contraste de 6.7:1.",
    );
    fireEvent.change(input("Nombre"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar configuración" }));
    expect(screen.getByRole("alert").textContent).toBe("El nombre debe tener de 1 a 80 caracteres");
  });
});
