/**
 * No-shows and ratings on the admin screens, in English and Spanish: the no-show policy
 * on the settings page (shown, checked before sending, saved) and a trip's
 * rating and comment on admin trips.
 */
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AdminSettings from "../../islands/AdminSettings.tsx";
import AdminTrips from "../../islands/AdminTrips.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import { SAVED } from "./saved_settings.ts";
import type { Trip } from "../../lib/trips.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  close() {}
}

beforeEach(() => {
  resetSession();
  spyLocation();
  vi.stubGlobal("WebSocket", QuietSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TEXTS = {
  en: {
    legend: "No-show policy",
    warn: "Warn at (no-shows)",
    pause: "Pause at (no-shows)",
    days: "Pause days",
    window: "Counting window (days)",
    wait: "Wait at the pickup (minutes)",
    waitHint: "A driver may mark a no-show only after waiting this long at the pickup.",
    badWait: "Wait at the pickup must be a whole number from 1 to 30 minutes",
    save: "Save settings",
    saved: "Settings saved.",
    warnAfter: "Warn at cannot be more than Pause at",
    badDays: "Pause days must be a whole number from 1 to 90",
    rated: "Rated 4 of 5",
  },
  es: {
    legend: "Política de ausencias",
    warn: "Avisar al llegar a (ausencias)",
    pause: "Pausar al llegar a (ausencias)",
    days: "Días de pausa",
    window: "Período de conteo (días)",
    wait: "Espera en la recogida (minutos)",
    waitHint:
      "Un conductor puede marcar que el pasajero no se presentó solo después de esperar este tiempo en la recogida.",
    badWait: "La espera en la recogida debe ser un número entero de 1 a 30 minutos",
    save: "Guardar configuración",
    saved: "Se guardó la configuración.",
    warnAfter: "Avisar al llegar a no puede ser mayor que Pausar al llegar a",
    badDays: "Los días de pausa deben ser un número entero de 1 a 90",
    rated: "Calificado con 4 de 5",
  },
} as const;

for (const lang of ["en", "es"] as Lang[]) {
  const T = TEXTS[lang];
  describe(`no-shows and ratings on the admin screens (${lang})`, () => {
    it("shows the no-show policy, refuses a bad one before sending, and saves a good one", async () => {
      signIn();
      const fetchMock = stubApi({
        roles: ["admin"],
        routes: {
          "GET /greer/api/admin/settings": () => json({ settings: SAVED }),
          "PUT /greer/api/admin/settings": (init) =>
            json({ settings: { ...SAVED, ...JSON.parse(String(init?.body)) } }),
        },
      });
      render(inLanguage(lang, "AdminSettings", <AdminSettings tenant="greer" mapStyleUrl={null} />));
      const group = (await screen.findByRole("group", { name: T.legend })) as HTMLElement;
      const field = (label: string) => within(group).getByLabelText(label) as HTMLInputElement;
      expect([T.warn, T.pause, T.days, T.window, T.wait].map((l) => field(l).value)).toEqual([
        "2",
        "3",
        "7",
        "30",
        "3",
      ]);
      // The wait says what it is for, read with the field.
      expect(field(T.wait).getAttribute("aria-describedby")).toBeTruthy();
      expect(document.getElementById(field(T.wait).getAttribute("aria-describedby")!)?.textContent).toBe(T.waitHint);
      fireEvent.change(field(T.wait), { target: { value: "31" } });
      fireEvent.click(screen.getByRole("button", { name: T.save }));
      expect((await screen.findByRole("alert")).textContent).toBe(T.badWait);
      expect(field(T.wait).getAttribute("aria-invalid")).toBe("true");
      fireEvent.change(field(T.wait), { target: { value: "5" } });

      fireEvent.change(field(T.warn), { target: { value: "5" } });
      fireEvent.click(screen.getByRole("button", { name: T.save }));
      expect((await screen.findByRole("alert")).textContent).toBe(T.warnAfter);
      expect(field(T.warn).getAttribute("aria-invalid")).toBe("true");
      fireEvent.change(field(T.warn), { target: { value: "2" } });
      fireEvent.change(field(T.days), { target: { value: "0" } });
      fireEvent.click(screen.getByRole("button", { name: T.save }));
      expect((await screen.findByRole("alert")).textContent).toBe(T.badDays);
      expect(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")).toHaveLength(0);

      fireEvent.change(field(T.days), { target: { value: "14" } });
      fireEvent.change(field(T.window), { target: { value: "60" } });
      fireEvent.click(screen.getByRole("button", { name: T.save }));
      expect((await screen.findByRole("status")).textContent).toBe(T.saved);
      const body = JSON.parse(String(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")[0][1]?.body));
      expect(body.noShow).toEqual({ warnAt: 2, suspendAt: 3, suspendDays: 14, windowDays: 60, waitMinutes: 5 });
    });

    it("shows a trip's rating and comment on admin trips", async () => {
      const rated: Trip = {
        id: "01TRIPRATED00000000000000",
        destination: "City Hall",
        passengerCount: 1,
        status: "completed",
        requestedAt: Date.now() - 3_600_000,
        acceptedAt: Date.now() - 3_500_000,
        completedAt: Date.now() - 3_000_000,
        rider: { name: "Ada Lovelace", phoneNumber: "8645550142" },
        driver: { name: "Dee Driver", phoneNumber: "8645550101" },
        feedback: { rating: 4, comment: "Kind and on time" },
      };
      const plain: Trip = { ...rated, id: "01TRIPPLAIN00000000000000", destination: "Library", feedback: undefined };
      signIn();
      stubApi({
        roles: ["admin"],
        routes: {
          "GET /greer/api/admin/rides?limit=50": () => json([rated, plain]),
          "GET /greer/api/admin/rides/counts": () =>
            json({ total: 2, counts: { pending: 0, accepted: 0, completed: 2, canceled: 0, "no-show": 0 } }),
        },
      });
      render(inLanguage(lang, "AdminTrips", <AdminTrips tenant="greer" />));
      const row = (await screen.findByText("City Hall")).closest("tr") as HTMLElement;
      expect(within(row).getByText(T.rated, { exact: false })).toBeDefined();
      expect(within(row).getByText("“Kind and on time”")).toBeDefined();
      const other = screen.getByText("Library").closest("tr") as HTMLElement;
      expect(other.querySelector(".trip-rating")).toBeNull();
    });
  });
}
