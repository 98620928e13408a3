/** The trips screen's "Download CSV (last 30 days)" in happy-dom: the range, the token, the file's name, refusals. */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import AdminTrips from "../../islands/AdminTrips.tsx";
import { callsTo, json, signedInTests, signIn, stubApi, TOKEN } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";

signedInTests();
afterEach(() => vi.useRealTimers());

const LIST = "GET /greer/api/admin/rides?limit=50";
const COUNTS = "GET /greer/api/admin/rides/counts";
/** 23:30 on 2026-01-05 in Greer (04:30 UTC on the 6th): the last 30 days are Greer's, ending on the 5th. */
const NOW = Date.UTC(2026, 0, 6, 4, 30);
const CSV = "/greer/api/admin/trips.csv?from=2025-12-07&to=2026-01-05";

function setUp(answer: () => Response) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  signIn();
  return stubApi({
    roles: ["admin"],
    routes: {
      [LIST]: () => json([]),
      [COUNTS]: () => json({ total: 0, counts: {} }),
      [`GET ${CSV}`]: answer,
    },
  });
}

describe("Download CSV on the trips screen", () => {
  it("fetches the tenant's last 30 days with the token and saves the file under the server's name", async () => {
    const csv = "id,requested_at\r\n";
    const fetchMock = setUp(() =>
      new Response(csv, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="greer-trips-2025-12-07-to-2026-01-05.csv"',
        },
      })
    );
    const made = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:trips");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" timeZone="America/New_York" />));
    fireEvent.click(await screen.findByRole("button", { name: "Download CSV (last 30 days)" }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: "blob:trips", download: "greer-trips-2025-12-07-to-2026-01-05.csv" }])
    );
    const [[, init]] = callsTo(fetchMock, "GET", CSV);
    expect(new Headers(init?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(await (made.mock.calls[0][0] as Blob).text()).toBe(csv);
    expect(screen.getByRole("button", { name: "Download CSV (last 30 days)" })).toBeDefined();
  });

  it("shows the server's refusal, in Spanish on a Spanish page", async () => {
    setUp(() => json({ error: "Acceso denegado: se requieren permisos de administrador" }, 403));
    render(inLanguage("es", "AdminTrips", <AdminTrips tenant="greer" timeZone="America/New_York" />));
    fireEvent.click(await screen.findByRole("button", { name: "Descargar CSV (últimos 30 días)" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Acceso denegado: se requieren permisos de administrador",
    );
  });

  it("says the file could not be downloaded when the network fails", async () => {
    setUp(() => {
      throw new TypeError("Failed to fetch");
    });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" timeZone="America/New_York" />));
    fireEvent.click(await screen.findByRole("button", { name: "Download CSV (last 30 days)" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The CSV could not be downloaded. Please try again.");
  });
});
