/**
 * Add person and Block on the Users page ("Who may join") in
 * happy-dom, in English and Spanish: the dialog checks phone and roles before
 * sending, offers Admin only to super admins, shows the server's refusal and
 * adds the answer to the list; Block and Unblock call the server and mark
 * the row "Blocked".
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../components/admin/UsersTable.tsx";
import AdminUsers from "../../islands/AdminUsers.tsx";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

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
};
const PAT: AdminUser = { ...ADA, id: "01PATLEE00000000000000000", name: "Pat Lee", phoneNumber: "8645550188" };
const LIST = "GET /greer/api/users";
const ADD = "POST /greer/api/users";
const BLOCK = `PUT /greer/api/users/${ADA.id}/blocked`;

function setUp(routes: Record<string, Route> = {}, roles: ("admin" | "super")[] = ["admin"]) {
  signIn();
  return stubApi({ roles, routes: { [LIST]: () => json({ users: [ADA] }), ...routes } });
}
const show = (lang: "en" | "es" = "en") => render(inLanguage(lang, "AdminUsers", <AdminUsers tenant="greer" />));
const rowOf = (text: string) => within(screen.getByRole("table")).getByText(text).closest("tr") as HTMLElement;
const sentTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path).at(-1)?.[1]?.body));

describe("Add person", () => {
  it("checks the phone and roles, sends them, and lists the person added", async () => {
    const fetchMock = setUp({ [ADD]: () => json({ user: PAT }, 201) });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Add person" }));
    const dialog = screen.getByRole("dialog", { name: "Add person" });
    // Admin is for super admins only.
    expect(within(dialog).getAllByRole("checkbox").map((c) => c.parentElement?.textContent)).toEqual([
      "Rider",
      "Driver",
      "Dispatcher",
    ]);
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "555" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add person" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Please enter a valid 10-digit phone number");
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "(864) 555-0188" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Rider" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add person" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose at least one role.");
    expect(callsTo(fetchMock, "POST", "/greer/api/users")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Name (optional)"), { target: { value: " Pat Lee " } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Driver" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add person" }));
    expect((await screen.findByRole("status")).textContent).toBe("Pat Lee was added.");
    expect(sentTo(fetchMock, "POST", "/greer/api/users")).toEqual({
      phoneNumber: "8645550188",
      name: "Pat Lee",
      roles: ["driver"],
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rowOf("Pat Lee")).toBeDefined();
  });

  it("offers Admin to a super admin and shows the server's refusal", async () => {
    const error = "This person is already a member of this organization";
    setUp({ [ADD]: () => json({ error }, 409) }, ["super"]);
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Add person" }));
    const dialog = screen.getByRole("dialog", { name: "Add person" });
    expect(within(dialog).getByRole("checkbox", { name: "Admin" })).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "8645550142" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add person" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(error);
  });

  it("is in Spanish on a Spanish page", async () => {
    setUp();
    show("es");
    fireEvent.click(await screen.findByRole("button", { name: "Agregar persona" }));
    const dialog = screen.getByRole("dialog", { name: "Agregar persona" });
    expect(within(dialog).getByLabelText("Número de teléfono")).toBeDefined();
    expect(within(dialog).getByLabelText("Nombre (opcional)")).toBeDefined();
    expect(within(dialog).getByRole("group", { name: "Roles" })).toBeDefined();
    expect(within(dialog).getByRole("checkbox", { name: "Pasajero" })).toBeDefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "Agregar persona" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Escriba un número de teléfono válido de 10 dígitos");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Block", () => {
  it("blocks and unblocks a user, marking the row Blocked", async () => {
    const fetchMock = setUp({
      [BLOCK]: (init) => {
        const { blocked } = JSON.parse(String(init?.body));
        return json({ user: blocked ? { ...ADA, blocked: true } : ADA });
      },
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Block Ada Lovelace" }));
    expect((await screen.findByRole("status")).textContent).toBe("Ada Lovelace was blocked.");
    expect(sentTo(fetchMock, "PUT", `/greer/api/users/${ADA.id}/blocked`)).toEqual({ blocked: true });
    expect(within(rowOf("Ada Lovelace")).getByText("Blocked").className).toContain("status-badge");
    fireEvent.click(screen.getByRole("button", { name: "Unblock Ada Lovelace" }));
    expect((await screen.findByText("Ada Lovelace was unblocked.")).getAttribute("role")).toBe("status");
    expect(sentTo(fetchMock, "PUT", `/greer/api/users/${ADA.id}/blocked`)).toEqual({ blocked: false });
    expect(within(rowOf("Ada Lovelace")).queryByText("Blocked")).toBeNull();
  });

  const withAdmin = { [LIST]: () => json({ users: [{ ...ADA, roles: ["admin"] }, PAT] }) };

  it("offers no Block on an admin's row to an admin: only super admins block admins", async () => {
    setUp(withAdmin);
    show();
    await screen.findByRole("button", { name: "Block Pat Lee" });
    expect(screen.queryByRole("button", { name: "Block Ada Lovelace" })).toBeNull();
  });

  it("offers Block on an admin's row to a super admin", async () => {
    setUp(withAdmin, ["admin", "super"]);
    show();
    expect(await screen.findByRole("button", { name: "Block Ada Lovelace" })).toBeDefined();
  });

  it("shows the server's refusal, in Spanish on a Spanish page", async () => {
    setUp({
      [LIST]: () => json({ users: [{ ...ADA, blocked: true }] }),
      [BLOCK]: () => json({ error: "No se puede bloquear a un superadministrador" }, 403),
    });
    show("es");
    expect(within(await screen.findByRole("table")).getByText("Bloqueado")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Desbloquear a Ada Lovelace" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No se puede bloquear a un superadministrador");
  });
});
