/**
 * The frame every island shares on a Spanish page: the guard's
 * loading status, the role badge and the error display, in each island's
 * own texts (lib/i18n/islands.ts), so none of them falls back to English.
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { ErrorView } from "../../components/ErrorView.tsx";
import { Guard, Loading } from "../../components/Guard.tsx";
import { RoleBadge } from "../../components/RoleBadge.tsx";
import { ISLAND_AREAS } from "../../lib/i18n/islands.ts";
import type { Role } from "../../lib/roles.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();

const ISLANDS = Object.keys(ISLAND_AREAS);

function Broken(): never {
  throw new Error("render failed");
}

describe.each(ISLANDS)("the frame in Spanish inside %s", (island) => {
  it("shows the guard's Cargando... status", () => {
    signIn();
    stubApi({ roles: () => new Promise<Response>(() => {}) });
    render(inLanguage("es", island, <Guard tenant="greer">{() => <p>inside</p>}</Guard>));
    expect(screen.getByRole("status").textContent).toBe("Cargando...");
  });

  it.each<[Role, string]>([
    ["super", "Superadministrador"],
    ["admin", "Administrador"],
    ["driver", "Conductor"],
    ["rider", "Pasajero"],
  ])("names the %s badge %s", (role, label) => {
    const { container } = render(inLanguage("es", island, <RoleBadge roles={[role]} />));
    expect(container.textContent).toBe(label);
  });

  it("shows the error display in Spanish when the island fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(inLanguage("es", island, <ErrorBoundary>{<Broken />}</ErrorBoundary>));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Algo salió mal");
    expect(screen.getByText("Recibimos un aviso sobre este error y lo corregiremos pronto")).toBeDefined();
    expect(screen.getByRole("button", { name: "Intentar de nuevo" })).toBeDefined();
    expect(screen.getByText("Volver a cargar la página", { selector: "a" })).toBeDefined();
  });
});

describe("the frame's English", () => {
  it("stays word for word on an English page", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(
      inLanguage(
        "en",
        "RiderScreen",
        <>
          <Loading />
          <RoleBadge roles={["super"]} />
          <ErrorBoundary>{<Broken />}</ErrorBoundary>
        </>,
      ),
    );
    expect(screen.getByRole("status").textContent).toBe("Loading...");
    expect(container.querySelector(".role-badge")?.textContent).toBe("Super Admin");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Something went wrong");
    expect(screen.getByText("We've been notified about this error and will fix it soon")).toBeDefined();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeDefined();
    expect(screen.getByText("Reload Page", { selector: "a" })).toBeDefined();
  });
});

describe("the server's error page in Spanish", () => {
  it("offers the two actions as links, in Spanish", () => {
    render(inLanguage("es", "RiderScreen", <ErrorView />));
    expect(screen.getByText("Intentar de nuevo", { selector: "a" })).toBeDefined();
    expect(screen.getByText("Volver a cargar la página", { selector: "a" })).toBeDefined();
  });

  it("shows a caller's own loading text as it is given", () => {
    render(inLanguage("es", "AdminTrips", <Loading text="Cargando viajes..." />));
    expect(screen.getByRole("status").textContent).toBe("Cargando viajes...");
  });
});
