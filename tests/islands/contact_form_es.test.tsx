/**
 * The contact form on a Spanish page: labels, the refusals of the
 * shared rules, the answers and the message the mail client opens with, in
 * Spanish; what goes to the server is the same.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import ContactForm from "../../islands/ContactForm.tsx";
import { inLanguage } from "../helpers/in_language.tsx";

let fetchMock: Mock<typeof fetch>;
let assignMock: Mock<(url: string | URL) => void>;

function answerWith(status: number, body: unknown = status < 300 ? { id: "01TEST" } : { error: "boom" }) {
  fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  answerWith(201);
  vi.stubGlobal("fetch", fetchMock);
  assignMock = vi.fn<(url: string | URL) => void>();
  vi.spyOn(globalThis.location, "assign").mockImplementation(assignMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => render(inLanguage("es", "ContactForm", <ContactForm contactEmail="hola@hopper.test" />));
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Enviar mensaje" }));

describe("ContactForm in Spanish", () => {
  it("labels its fields in Spanish", () => {
    open();
    for (const label of ["Nombre", "Correo electrónico", "Organización (opcional)", "Mensaje"]) {
      expect(screen.getByLabelText(label)).toBeDefined();
    }
    expect(screen.queryByText(/Name|Email|Message/)).toBeNull();
  });

  it("says each field's refusal in Spanish, naming the field", async () => {
    open();
    change("Correo electrónico", "not-an-address");
    change("Organización (opcional)", "x".repeat(201));
    send();
    expect(await screen.findByText("Nombre: este campo es obligatorio")).toBeDefined();
    expect(screen.getByText("Escriba un correo electrónico válido")).toBeDefined();
    expect(screen.getByText("Organización: debe tener como máximo 200 caracteres")).toBeDefined();
    expect(screen.getByText("Mensaje: este campo es obligatorio")).toBeDefined();
    change("Nombre", "Ada\u202E");
    send();
    expect(await screen.findByText("Nombre: contiene caracteres que no se permiten")).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("thanks the visitor in Spanish and opens the mail client with a Spanish subject", async () => {
    open();
    change("Nombre", "Ada");
    change("Correo electrónico", "ada@example.org");
    change("Mensaje", "Hola");
    send();
    expect(await screen.findByText("¡Gracias por su mensaje! Le responderemos pronto.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Enviar otro mensaje" })).toBeDefined();
    const url = String(assignMock.mock.calls[0][0]);
    expect(decodeURIComponent(url)).toContain("subject=Consulta sobre el servicio de transporte de Ada");
    expect(decodeURIComponent(url)).toContain("Nombre: Ada");
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toMatchObject({ name: "Ada", message: "Hola" });
  });

  it("says a failed send in Spanish", async () => {
    answerWith(500);
    open();
    change("Nombre", "Ada");
    change("Correo electrónico", "ada@example.org");
    change("Mensaje", "Hola");
    send();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Lo sentimos, hubo un error al enviar su mensaje. Inténtelo de nuevo o escríbanos directamente.",
    );
  });
});
