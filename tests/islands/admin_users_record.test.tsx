/**
 * The Users page's no-shows, pauses and ratings, in English and
 * Spanish: each rider's count, a pause with its end and Lift pause
 * (DELETE /{t}/api/users/{id}/suspension), each driver's average and count.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../components/admin/UsersTable.tsx";
import AdminUsers from "../../islands/AdminUsers.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();

const JOINED = Date.UTC(2026, 10, 21, 15);
const PAUSED_UNTIL = Date.UTC(2026, 11, 1, 17);
const base = { email: null, photoUrl: null, status: "inactive", createdAt: JOINED };
const ADA: AdminUser = {
  ...base,
  id: "01ADALOVELACE000000000000",
  name: "Ada Lovelace",
  phoneNumber: "8645550142",
  roles: ["rider"],
  noShows: 3,
  suspendedUntil: PAUSED_UNTIL,
};
const BEA: AdminUser = {
  ...base,
  id: "01BEA00000000000000000000",
  name: "Bea Rider",
  phoneNumber: "8645550143",
  roles: ["rider"],
  noShows: 1,
  suspendedUntil: null,
};
const DEE: AdminUser = {
  ...base,
  id: "01DEEDRIVER00000000000000",
  name: "Dee Driver",
  phoneNumber: "8645550101",
  roles: ["driver"],
  status: "available",
  rating: { average: 4.5, count: 2 },
};
const NEW: AdminUser = {
  ...base,
  id: "01NEWDRIVER00000000000000",
  name: "Ned New",
  phoneNumber: "8645550102",
  roles: ["driver"],
  status: "available",
};

const TEXTS = {
  en: {
    adaNoShows: "No-shows: 3",
    paused: "Requests paused until Dec 1, 2026",
    beaNoShows: "No-shows: 1",
    rating: "Rating 4.5 of 5 (2)",
    lift: "Lift the pause of Ada Lovelace",
    lifted: "Ada Lovelace may request rides again.",
    after: "No-shows: 0",
  },
  es: {
    adaNoShows: "Ausencias: 3",
    paused: "Solicitudes pausadas hasta el 1 dic 2026",
    beaNoShows: "Ausencias: 1",
    rating: "Calificación 4.5 de 5 (2)",
    lift: "Quitar la pausa de Ada Lovelace",
    lifted: "Ada Lovelace puede volver a solicitar viajes.",
    after: "Ausencias: 0",
  },
} as const;

const rowOf = (text: string) => within(screen.getByRole("table")).getByText(text).closest("tr") as HTMLElement;

for (const lang of ["en", "es"] as Lang[]) {
  const T = TEXTS[lang];
  describe(`AdminUsers: no-shows and ratings (${lang})`, () => {
    it("shows each rider's no-shows and pause and each driver's rating", async () => {
      signIn();
      stubApi({ roles: ["admin"], routes: { "GET /greer/api/users": () => json({ users: [ADA, BEA, DEE, NEW] }) } });
      render(inLanguage(lang, "AdminUsers", <AdminUsers tenant="greer" timeZone="America/New_York" />));
      await screen.findByRole("table");
      const ada = rowOf("Ada Lovelace");
      expect(within(ada).getByText(T.adaNoShows)).toBeDefined();
      expect(
        within(ada).getByText(T.paused.replace(/\u00a0/g, " "), { normalizer: (s) => s.replace(/\s+/g, " ").trim() }),
      )
        .toBeDefined();
      const bea = rowOf("Bea Rider");
      expect(within(bea).getByText(T.beaNoShows)).toBeDefined();
      expect(within(bea).queryByRole("button", { name: T.lift.replace("Ada Lovelace", "Bea Rider") })).toBeNull();
      expect(within(rowOf("Dee Driver")).getByText(T.rating)).toBeDefined();
      const ned = rowOf("Ned New");
      expect(ned.querySelector(".user-record")).toBeNull();
    });

    it("lifts a pause with DELETE …/suspension and shows the rider free to request", async () => {
      signIn();
      const fetchMock = stubApi({
        roles: ["admin"],
        routes: {
          "GET /greer/api/users": () => json({ users: [ADA, BEA] }),
          [`DELETE /greer/api/users/${ADA.id}/suspension`]: () => new Response(null, { status: 204 }),
        },
      });
      render(inLanguage(lang, "AdminUsers", <AdminUsers tenant="greer" timeZone="America/New_York" />));
      await screen.findByRole("table");
      fireEvent.click(within(rowOf("Ada Lovelace")).getByRole("button", { name: T.lift }));
      expect((await screen.findByText(T.lifted)).getAttribute("role")).toBe("status");
      expect(callsTo(fetchMock, "DELETE", `/greer/api/users/${ADA.id}/suspension`)).toHaveLength(1);
      const ada = rowOf("Ada Lovelace");
      await waitFor(() => expect(within(ada).getByText(T.after)).toBeDefined());
      expect(ada.querySelector(".user-record--paused")).toBeNull();
      expect(within(ada).queryByRole("button", { name: T.lift })).toBeNull();
    });
  });
}
