/**
 * Profile Settings on a Spanish page: the heading, labels, buttons,
 * badge and messages in Spanish, and a server text passed through as the
 * server wrote it (the server answers in the request's language).
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ProfileSettings from "../../islands/ProfileSettings.tsx";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, makeUser, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();

const SERVER_USER = makeUser({ name: "Ada King", email: "ada@analytical.org", phoneNumber: "8645550123" });
const PHOTO_URL = "/api/users/01USER0000000000000000000/photo?v=0123456789abcdef";

function setUp({ put, get, upload }: { put?: Route; get?: Route; upload?: Route } = {}) {
  signIn(makeUser({ name: "Old Name" }));
  return stubApi({
    roles: ["driver", "rider"],
    routes: {
      "GET /api/users/profile": get ?? (() => json({ user: SERVER_USER })),
      "PUT /api/users/profile": put ?? ((init) => json({ user: { ...SERVER_USER, ...JSON.parse(String(init.body)) } })),
      "POST /api/users/profile/image-upload": upload ??
        (() => json({ imageUrl: PHOTO_URL, user: { ...SERVER_USER, photoUrl: PHOTO_URL } })),
    },
  });
}

const spanish = () => render(inLanguage("es", "ProfileSettings", <ProfileSettings tenant="greer" />));
const jpeg = () => new File([new Uint8Array(2048).fill(0xff)], "camera.jpg", { type: "image/jpeg" });

describe("ProfileSettings in Spanish", () => {
  it("shows the loading status, then the whole screen in Spanish", async () => {
    let answer!: (res: Response) => void;
    setUp({ get: () => new Promise<Response>((r) => answer = r) });
    const { container } = spanish();
    expect(screen.getByRole("status").textContent).toBe("Cargando...");
    expect(await screen.findByText("Cargando perfil...")).toBeDefined();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    answer(json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }));

    expect(await screen.findByRole("heading", { level: 1, name: "Configuración del perfil" })).toBeDefined();
    expect(screen.getByRole("group", { name: "Foto de perfil" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Subir foto nueva" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Quitar foto" })).toBeDefined();
    expect(screen.getByLabelText("Archivo de la foto de perfil")).toBeDefined();
    expect(
      screen.getByText(
        "JPEG, PNG, WebP o GIF, de hasta 5 MB. Las fotos se recortan en forma cuadrada y se ajusta su tamaño automáticamente.",
      ),
    ).toBeDefined();
    expect((screen.getByLabelText("Número de teléfono") as HTMLInputElement).value).toBe("(864) 555-0123");
    expect(screen.getByText("Usted inicia sesión con este número; no se puede cambiar aquí.")).toBeDefined();
    expect((screen.getByLabelText("Nombre") as HTMLInputElement).value).toBe("Ada King");
    expect((screen.getByLabelText("Correo electrónico") as HTMLInputElement).value).toBe("ada@analytical.org");
    expect(screen.getByRole("button", { name: "Guardar cambios" })).toBeDefined();
    expect(container.querySelector(".role-badge")?.textContent).toBe("Conductor");
    expect(container.textContent).not.toMatch(
      /Profile|Photo|Phone Number|Name|Email|Save Changes|You sign in|JPEG, PNG, WebP or GIF|Driver/,
    );
  });

  it("saves with Guardando... on the button, then says so in Spanish", async () => {
    let answer!: (res: Response) => void;
    setUp({ put: () => new Promise<Response>((r) => answer = r) });
    spanish();
    await screen.findByLabelText("Nombre");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    const button = await screen.findByRole("button", { name: "Guardando..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => answer(json({ user: SERVER_USER })));
    expect((await screen.findByRole("status")).textContent).toBe("¡El perfil se actualizó correctamente!");
  });

  it("shows the server's own text as it came (the server answers in Spanish)", async () => {
    setUp({ put: () => json({ error: "Escriba un correo electrónico válido" }, 400) });
    spanish();
    await screen.findByLabelText("Nombre");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Escriba un correo electrónico válido");
  });

  it("says a failed save in Spanish", async () => {
    setUp({ put: () => Promise.reject(new TypeError("Failed to fetch")) });
    spanish();
    await screen.findByLabelText("Nombre");
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No se pudo actualizar el perfil");
  });

  it("uploads a photo with Subiendo..., then says so in Spanish", async () => {
    let answer: ((res: Response) => void) | undefined;
    setUp({ upload: () => new Promise<Response>((r) => answer = r) });
    spanish();
    await screen.findByLabelText("Nombre");
    fireEvent.change(screen.getByLabelText("Archivo de la foto de perfil"), { target: { files: [jpeg()] } });
    expect(await screen.findByRole("button", { name: "Subiendo..." })).toBeDefined();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    act(() => answer!(json({ imageUrl: PHOTO_URL, user: { ...SERVER_USER, photoUrl: PHOTO_URL } })));
    expect((await screen.findByRole("status")).textContent).toBe("¡La foto de perfil se actualizó correctamente!");
  });

  it("says a failed upload in Spanish", async () => {
    const fetchMock = setUp({ upload: () => new Response("Bad gateway", { status: 502 }) });
    spanish();
    await screen.findByLabelText("Nombre");
    fireEvent.change(screen.getByLabelText("Archivo de la foto de perfil"), { target: { files: [jpeg()] } });
    expect((await screen.findByRole("alert")).textContent).toBe("No se pudo subir la imagen");
    expect(callsTo(fetchMock, "POST", "/api/users/profile/image-upload")).toHaveLength(1);
  });

  it("removes the photo with Quitando..., then says so in Spanish, or that it failed", async () => {
    const answers: ((res: Response) => void)[] = [];
    setUp({
      get: () => json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }),
      put: () => new Promise<Response>((r) => answers.push(r)),
    });
    spanish();
    await screen.findByLabelText("Nombre");
    fireEvent.click(screen.getByRole("button", { name: "Quitar foto" }));
    expect(await screen.findByRole("button", { name: "Quitando..." })).toBeDefined();
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0](new Response("Bad gateway", { status: 502 })));
    expect((await screen.findByRole("alert")).textContent).toBe("No se pudo quitar la imagen");
    fireEvent.click(screen.getByRole("button", { name: "Quitar foto" }));
    await waitFor(() => expect(answers).toHaveLength(2));
    act(() => answers[1](json({ user: SERVER_USER })));
    expect((await screen.findByRole("status")).textContent).toBe("¡La foto de perfil se quitó correctamente!");
  });

  it("says in Spanish when the profile cannot be loaded", async () => {
    setUp({ get: () => Promise.reject(new TypeError("Failed to fetch")) });
    spanish();
    expect((await screen.findByRole("alert")).textContent).toBe("No se pudo cargar su perfil. Inténtelo de nuevo.");
  });
});
