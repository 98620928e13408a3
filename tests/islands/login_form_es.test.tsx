/**
 * The sign-in island on a Spanish page: both steps, the field
 * errors it finds itself, and a server text passed through as the server
 * wrote it (the server answers in the request's language).
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LoginForm from "../../islands/LoginForm.tsx";
import { inLanguage } from "../helpers/in_language.tsx";

const GREER = { code: "greer", name: "City of Greer" };
let loginAnswer: () => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  localStorage.clear();
  loginAnswer = () => json(200, { ok: true, challenge: "c1" });
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>((input) =>
      Promise.resolve(String(input) === "/api/auth/login" ? loginAnswer() : json(404, { error: "No encontrado" }))
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const spanish = () => render(inLanguage("es", "LoginForm", <LoginForm tenant={GREER} />));

describe("LoginForm in Spanish", () => {
  it("shows the phone step in Spanish, links included", async () => {
    spanish();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Bienvenido a City of Greer");
    expect(screen.getByText("Le enviaremos un código de verificación por mensaje de texto")).toBeTruthy();
    expect(screen.getByLabelText("Número de teléfono")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Términos del servicio" }).getAttribute("href")).toBe("/greer/terms");
    expect(screen.getByRole("link", { name: "Política de privacidad" }).getAttribute("href")).toBe("/greer/privacy");
    await waitFor(() => expect(screen.getByRole("button", { name: "Enviar código de verificación" })).toBeTruthy());
    expect(document.body.textContent).not.toMatch(/Send Verification Code|We'll send|Phone number/);
  });

  it("says what is wrong with the number in Spanish, then moves to the code step in Spanish", async () => {
    spanish();
    const send = await screen.findByRole("button", { name: "Enviar código de verificación" });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText("Escriba un número de teléfono válido de 10 dígitos")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Número de teléfono"), { target: { value: "8645550142" } });
    fireEvent.click(send);
    expect(await screen.findByRole("heading", { name: "Verifique su teléfono" })).toBeTruthy();
    expect(screen.getByText(/Escriba el código de 4 dígitos que enviamos al/).textContent)
      .toBe("Escriba el código de 4 dígitos que enviamos al (864) 555-0142.");
    fireEvent.click(screen.getByRole("button", { name: "Verificar código" }));
    expect(await screen.findByText("Escriba el código de verificación de 4 dígitos")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reenviar código" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cambiar número de teléfono" })).toBeTruthy();
  });

  it("shows the server's own text when it refuses, and its Spanish fallback when the network fails", async () => {
    spanish();
    loginAnswer = () => json(429, { error: "Demasiadas solicitudes. Inténtelo más tarde." });
    const send = await screen.findByRole("button", { name: "Enviar código de verificación" });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText("Número de teléfono"), { target: { value: "8645550142" } });
    fireEvent.click(send);
    expect((await screen.findByRole("alert")).textContent).toBe("Demasiadas solicitudes. Inténtelo más tarde.");
    loginAnswer = () => {
      throw new TypeError("network down");
    };
    fireEvent.click(send);
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "No se pudo enviar el código de verificación. Inténtelo de nuevo.",
      )
    );
  });
});
