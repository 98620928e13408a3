/**
 * Numbers strangers locked with wrong codes, as admins see them, in happy-dom
 * and in both languages: the Users page marks a locked member "Sign-in
 * locked" with Unlock sign-in; the provider's console lists every locked
 * number with Unlock; the activity says who unlocked whom.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../../components/admin/UsersTable.tsx";
import AdminConsole from "../../islands/AdminConsole.tsx";
import AdminUsers from "../../islands/AdminUsers.tsx";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

signedInTests();

const ADA: AdminUser = {
  id: "01ADALOVELACE000000000000",
  name: "Ada Lovelace",
  email: null,
  phoneNumber: "8645550142",
  photoUrl: null,
  roles: ["rider"],
  status: "inactive",
  createdAt: Date.UTC(2026, 10, 21, 15),
  signInLocked: true,
};
const PAT: AdminUser = { ...ADA, id: "01PATLEE00000000000000000", name: "Pat Lee", signInLocked: undefined };
const UNLOCK_ADA = `DELETE /greer/api/users/${ADA.id}/sign-in-lock`;
const LOCKED = [
  { phoneNumber: "8645550144", since: Date.UTC(2026, 10, 26, 14, 5), until: 0, name: null, tenants: [] },
  {
    phoneNumber: "8645550142",
    since: Date.UTC(2026, 10, 26, 15, 30),
    until: 0,
    name: "Ada Lovelace",
    tenants: ["greer", "campus"],
  },
];

const rowOf = (text: string) => within(screen.getByRole("table")).getByText(text).closest("tr") as HTMLElement;

describe("a member whose number is locked, on the Users page", () => {
  it("is marked Sign-in locked, and Unlock sign-in calls the server and clears the mark", async () => {
    signIn();
    const fetchMock = stubApi({
      roles: ["admin"],
      routes: {
        "GET /greer/api/users": () => json({ users: [ADA, PAT] }),
        [UNLOCK_ADA]: () => new Response(null, { status: 204 }),
      },
    });
    render(inLanguage("en", "AdminUsers", <AdminUsers tenant="greer" />));
    await screen.findByRole("table");
    expect(within(rowOf("Ada Lovelace")).getByText("Sign-in locked").className).toContain("status-badge");
    expect(within(rowOf("Pat Lee")).queryByText("Sign-in locked")).toBeNull();
    expect(screen.queryByRole("button", { name: "Unlock the sign-in of Pat Lee" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Unlock the sign-in of Ada Lovelace" }));
    expect((await screen.findByRole("status")).textContent).toBe("Ada Lovelace can sign in again.");
    expect(callsTo(fetchMock, "DELETE", `/greer/api/users/${ADA.id}/sign-in-lock`)).toHaveLength(1);
    expect(within(rowOf("Ada Lovelace")).queryByText("Sign-in locked")).toBeNull();
    expect(screen.queryByRole("button", { name: "Unlock the sign-in of Ada Lovelace" })).toBeNull();
  });

  it("is in Spanish on a Spanish page, with the server's refusal", async () => {
    signIn();
    stubApi({
      roles: ["admin"],
      routes: {
        "GET /greer/api/users": () => json({ users: [ADA] }),
        [UNLOCK_ADA]: () => json({ error: "No se encontró el usuario" }, 404),
      },
    });
    render(inLanguage("es", "AdminUsers", <AdminUsers tenant="greer" />));
    await screen.findByRole("table");
    expect(within(rowOf("Ada Lovelace")).getByText("Inicio de sesión bloqueado")).toBeDefined();
    const button = screen.getByRole("button", { name: "Desbloquear el inicio de sesión de Ada Lovelace" });
    expect(button.textContent).toBe("Desbloquear inicio de sesión");
    fireEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe("No se encontró el usuario");
  });
});

describe("the provider console's Sign-in locks", () => {
  function setUp(locked = LOCKED) {
    signIn();
    return stubApi({
      routes: {
        "GET /api/super/tenants": () => json([]),
        "GET /api/super/inquiries": () => json([]),
        "GET /api/super/locked-numbers": () => json({ numbers: locked }),
        "DELETE /api/super/locked-numbers/8645550144": () => new Response(null, { status: 204 }),
      },
    });
  }

  it("lists each locked number with who it is, and Unlock removes it from the list", async () => {
    const fetchMock = setUp();
    render(inLanguage("en", "AdminConsole", <AdminConsole mapStyleUrl={null} />));
    fireEvent.click(await screen.findByRole("button", { name: "Sign-in locks" }));
    const table = await screen.findByRole("table", { name: "Sign-in locks" });
    const rows = within(table).getAllByRole("row").slice(1).map((r) =>
      within(r).getAllByRole("cell").slice(0, 3).map((c) => c.textContent)
    );
    expect(rows).toEqual([
      ["(864) 555-0144", "—", "—"],
      ["(864) 555-0142", "Ada Lovelace", "greer, campus"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Unlock (864) 555-0144" }));
    expect((await screen.findByRole("status")).textContent).toBe("(864) 555-0144 can sign in again.");
    expect(callsTo(fetchMock, "DELETE", "/api/super/locked-numbers/8645550144")).toHaveLength(1);
    expect(within(table).queryByText("(864) 555-0144")).toBeNull();
    expect(within(table).getByText("(864) 555-0142")).toBeDefined();
  });

  it("says so when no number is locked, in Spanish on a Spanish page", async () => {
    setUp([]);
    render(inLanguage("es", "AdminConsole", <AdminConsole mapStyleUrl={null} />));
    fireEvent.click(await screen.findByRole("button", { name: "Bloqueos" }));
    expect(await screen.findByText("No hay ningún número bloqueado.")).toBeDefined();
  });

  it("shows the unlock in the activity, the provider's own trail named Provider", async () => {
    signIn();
    stubApi({
      routes: {
        "GET /api/super/tenants": () => json([]),
        "GET /api/super/inquiries": () => json([]),
        "GET /api/super/audit": () =>
          json([{
            id: "1",
            at: 0,
            action: "signin.unlocked",
            by: "u1",
            byName: "Sam",
            target: "8645550144",
            targetName: "(864) 555-0144",
            tenant: "-",
            details: { name: "(864) 555-0144" },
          }]),
      },
    });
    render(inLanguage("en", "AdminConsole", <AdminConsole mapStyleUrl={null} />));
    fireEvent.click(await screen.findByRole("button", { name: "Activity" }));
    expect(await screen.findByText("(864) 555-0144's sign-in was unlocked by Sam")).toBeDefined();
    await waitFor(() => expect(screen.getByText("Provider")).toBeDefined());
  });
});
