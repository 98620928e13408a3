/**
 * The header's account menu and the global organizations list on a Spanish
 * page: badge, button, sections and links, Logout, in Spanish.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import OrganizationsMenu from "../../islands/OrganizationsMenu.tsx";
import UserMenu from "../../islands/UserMenu.tsx";
import type { Role } from "../../lib/roles.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, makeUser, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();

async function renderMenu(roles: Role[]) {
  signIn();
  const fetchMock = stubApi({ roles, routes: { "POST /api/auth/logout": () => json({ ok: true }) } });
  const view = render(inLanguage("es", "UserMenu", <UserMenu tenant="greer" />));
  await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/user/roles")).toHaveLength(1));
  await act(() => Promise.resolve());
  return view;
}

function sections() {
  const panel = screen.getByRole("navigation", { name: "Cuenta" });
  return [...panel.querySelectorAll(".user-menu__section")].map((section) => ({
    title: section.querySelector(".user-menu__heading")?.textContent,
    links: [...section.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]),
  }));
}

describe("UserMenu in Spanish", () => {
  it.each<[Role[], string]>([
    [["rider", "driver"], "Conductor"],
    [["admin", "rider"], "Administrador"],
    [["super"], "Superadministrador"],
  ])("shows the badge of %j in Spanish: %s", async (roles, label) => {
    const { container } = await renderMenu(roles);
    expect(container.querySelector(".role-badge")?.textContent).toBe(label);
  });

  it("names the button, the sections and the links in Spanish, with the same targets", async () => {
    await renderMenu(["admin"]);
    fireEvent.click(screen.getByRole("button", { name: "Menú de la cuenta" }));
    expect(sections()).toEqual([
      {
        title: "Cuenta",
        links: [["Solicitar un viaje", "/greer/rider"], ["Configuración del perfil", "/greer/profile"]],
      },
      { title: "Conductor", links: [["Panel del conductor", "/greer/driver"]] },
      { title: "Despachador", links: [["Despacho", "/greer/dispatch"]] },
      {
        title: "Administrador",
        links: [
          ["Panel del administrador", "/greer/admin"],
          ["Viajes", "/greer/admin/trips"],
          ["Usuarios", "/greer/admin/users"],
        ],
      },
    ]);
    // Each section's list is named by its heading.
    for (const list of screen.getAllByRole("list")) {
      expect(document.getElementById(list.getAttribute("aria-labelledby")!)?.textContent).toMatch(
        /^(Cuenta|Conductor|Despachador|Administrador)$/,
      );
    }
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeDefined();
  });

  it("says Cerrando sesión... while it signs out", async () => {
    signIn();
    stubApi({ roles: ["rider"], routes: { "POST /api/auth/logout": () => new Promise<Response>(() => {}) } });
    render(inLanguage("es", "UserMenu", <UserMenu tenant="greer" />));
    fireEvent.click(screen.getByRole("button", { name: "Menú de la cuenta" }));
    fireEvent.click(screen.getByRole("button", { name: "Cerrar sesión" }));
    expect(await screen.findByRole("button", { name: "Cerrando sesión..." })).toBeDefined();
  });
});

// The organizations list is shown by the sign-in island (LoginForm) and has an entry of its own.
describe.each(["LoginForm", "OrganizationsMenu"] as const)("OrganizationsMenu in Spanish (texts of %s)", (island) => {
  const spanish = () => render(inLanguage("es", island, <OrganizationsMenu />));

  it("lists the organizations with the roles in Spanish, and Cerrar sesión", () => {
    signIn(makeUser({
      tenants: [
        { code: "greer", name: "City of Greer", roles: ["rider", "driver", "admin"] },
        { code: "mill", name: "Mill Village", roles: ["super"] },
      ],
    }));
    spanish();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Sus organizaciones");
    expect(screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["City of Greerpasajero, conductor, administrador", "/greer/rider"],
      ["Mill Villagesuperadministrador", "/mill/rider"],
    ]);
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeDefined();
  });

  it("shows Cargando organizaciones... until the stored user has been read", () => {
    const html = renderToString(inLanguage("es", island, <OrganizationsMenu />));
    expect(html).toContain("Cargando organizaciones...");
    expect(html).toContain("Sus organizaciones");
  });

  it("says so in Spanish when there is no organization", () => {
    signIn(makeUser({ tenants: [] }));
    spanish();
    expect(screen.getByText("No se encontraron organizaciones")).toBeDefined();
  });

  it("offers Iniciar sesión when nobody is signed in", () => {
    spanish();
    expect(screen.getByRole("link", { name: "Iniciar sesión" }).getAttribute("href")).toBe("/login");
  });
});
