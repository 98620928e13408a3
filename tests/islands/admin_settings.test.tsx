/**
 * The settings form in happy-dom with the map faked at its props:
 * it loads the saved settings, moves the area by a tap and by dragging the
 * centre, resizes it with the slider, previews the brand colour with its
 * contrast, checks each field as the server does before sending, shows the
 * server's refusal, and saves; uploads and removes the logo; in English and
 * Spanish.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import AdminSettings from "../../islands/AdminSettings.tsx";
import { SAVED } from "./saved_settings.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { dragPin, mapProps, tapMap } from "./fake_map.tsx";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

signedInTests();

const GET = "GET /greer/api/admin/settings";
const PUT = "PUT /greer/api/admin/settings";

function setUp(routes: Record<string, Route> = {}) {
  signIn();
  return stubApi({
    roles: ["admin"],
    routes: {
      [GET]: () => json({ settings: SAVED }),
      [PUT]: (init) => json({ settings: { ...SAVED, ...JSON.parse(String(init?.body)) } }),
      ...routes,
    },
  });
}

function show(lang: "en" | "es" = "en") {
  return render(inLanguage(lang, "AdminSettings", <AdminSettings tenant="greer" mapStyleUrl={null} />));
}

const sent = (fetchMock: ReturnType<typeof stubApi>) =>
  JSON.parse(String(callsTo(fetchMock, "PUT", "/greer/api/admin/settings").at(-1)?.[1]?.body));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("AdminSettings", () => {
  it("shows the saved settings, moves and resizes the area on the map, and saves", async () => {
    const fetchMock = setUp();
    show();
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeDefined();
    expect(input("Name").value).toBe("City of Greer");
    expect(input("Area name, as riders read it").value).toBe("downtown Greer");
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("America/New_York");
    expect(mapProps().area).toEqual(SAVED.serviceArea);

    tapMap({ lat: 34.94, lng: -82.23 });
    expect(mapProps().area).toMatchObject({ lat: 34.94, lng: -82.23 });
    dragPin("centre", { lat: 34.95, lng: -82.21 });
    expect(mapProps().pins).toEqual([expect.objectContaining({ id: "centre", at: { lat: 34.95, lng: -82.21 } })]);
    fireEvent.change(input("Radius"), { target: { value: "1200" } });
    expect(mapProps().area.radiusMeters).toBe(1200);
    expect(input("Radius").getAttribute("aria-valuetext")).toBe("1200 meters (0.7 miles)");

    fireEvent.change(input("Name"), { target: { value: "Greer Link" } });
    fireEvent.change(input("Contact phone (optional)"), { target: { value: "(864) 555-0199" } });
    fireEvent.change(input("Texting number"), { target: { value: "+18645550123" } });
    const join = screen.getByRole("group", { name: "Who may join" });
    expect((screen.getByRole("radio", { name: "Anyone who signs in" }) as HTMLInputElement).checked).toBe(true);
    expect(join.contains(screen.getByRole("radio", { name: "Only people an admin added" }))).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Only people an admin added" }));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("status")).textContent).toBe("Settings saved.");
    expect(sent(fetchMock)).toEqual({
      name: "Greer Link",
      contactEmail: null,
      contactPhone: "8645550199",
      smsNumber: "+18645550123",
      serviceArea: { lat: 34.95, lng: -82.21, radiusMeters: 1200, label: "downtown Greer" },
      timezone: "America/New_York",
      brandColor: "#1d4ed8",
      smsPerHour: 500,
      joinPolicy: "invite",
      maxDaysAhead: 7,
      maxStandingRides: 5,
      noShow: { warnAt: 2, suspendAt: 3, suspendDays: 7, windowDays: 30, waitMinutes: 3 },
      dispatchMode: "drivers",
      maxWaitMinutes: 15,
      maxRideFactor: 1.5,
      maxRideExtraMinutes: 10,
      pooling: true,
    });
  });

  it("edits how many days ahead riders may book, refusing a value outside 1-30 before sending", async () => {
    const fetchMock = setUp();
    show();
    await screen.findByRole("heading", { name: "Settings" });
    expect(input("Book up to (days ahead)").value).toBe("7");
    fireEvent.change(input("Book up to (days ahead)"), { target: { value: "31" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toBe("Days ahead must be a whole number from 1 to 30");
    expect(input("Book up to (days ahead)").getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")).toHaveLength(0);
    fireEvent.change(input("Book up to (days ahead)"), { target: { value: "14" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("status")).textContent).toBe("Settings saved.");
    expect(sent(fetchMock).maxDaysAhead).toBe(14);
  });

  it("edits how many standing rides a rider may hold, refusing a value outside 0-20 before sending", async () => {
    const fetchMock = setUp();
    show();
    await screen.findByRole("heading", { name: "Settings" });
    expect(input("Standing rides per rider").value).toBe("5");
    fireEvent.change(input("Standing rides per rider"), { target: { value: "21" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Standing rides per rider must be a whole number from 0 to 20",
    );
    expect(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")).toHaveLength(0);
    fireEvent.change(input("Standing rides per rider"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect((await screen.findByRole("status")).textContent).toBe("Settings saved.");
    expect(sent(fetchMock).maxStandingRides).toBe(2);
  });

  it("previews the brand colour with the text colour that passes, and its contrast", async () => {
    setUp();
    const { container } = show();
    await screen.findByRole("heading", { name: "Settings" });
    expect(container.querySelector(".brand-preview figcaption")?.textContent).toBe(
      "White text on this colour: 6.7:1 contrast.",
    );
    fireEvent.change(input("Brand colour"), { target: { value: "#f5c518" } });
    expect(container.querySelector(".brand-preview figcaption")?.textContent).toBe(
      "White text would be too faint on this colour, so dark text is used: 11.0:1 contrast.",
    );
    expect(container.querySelector(".brand-preview__name")?.textContent).toBe("Hopper · City of Greer");
  });

  it("checks each field before sending, marks it, and shows the server's refusal", async () => {
    const fetchMock = setUp({ [PUT]: () => json({ error: "Access denied - admin privileges required" }, 403) });
    show();
    await screen.findByRole("heading", { name: "Settings" });
    fireEvent.change(input("Name"), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toBe("Name must be 1-80 characters");
    expect(input("Name").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input("Name"), { target: { value: "Greer" } });
    fireEvent.change(input("Sign-in texts an hour"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000",
    );
    expect(callsTo(fetchMock, "PUT", "/greer/api/admin/settings")).toHaveLength(0);
    fireEvent.change(input("Sign-in texts an hour"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Access denied - admin privileges required")
    );
  });

  it("is in Spanish on a Spanish page", async () => {
    setUp();
    const { container } = show("es");
    expect(await screen.findByRole("heading", { name: "Configuración" })).toBeDefined();
    expect(screen.getByRole("group", { name: "Zona de servicio" })).toBeDefined();
    expect(screen.getByRole("group", { name: "Quién puede unirse" })).toBeDefined();
    expect(input("Reservar hasta (días de anticipación)").value).toBe("7");
    expect(screen.getByRole("radio", { name: "Solo las personas que agregó un administrador" })).toBeDefined();
    expect(input("Radio").getAttribute("aria-valuetext")).toBe("805 metros (0.5 millas)");
    expect(container.querySelector(".brand-preview figcaption")?.textContent).toBe(
      "Texto blanco sobre este color: contraste de 6.7:1.",
    );
    fireEvent.change(input("Nombre"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar configuración" }));
    expect(screen.getByRole("alert").textContent).toBe("El nombre debe tener de 1 a 80 caracteres");
  });
});

describe("AdminSettings: the logo", () => {
  const LOGO = "/greer/api/admin/settings/logo";
  const URL_1 = "/greer/logo?v=0123456789abcdef";
  const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (container: HTMLElement, file: File) =>
    fireEvent.change(fileInput(container), { target: { files: [file] } });
  const png = (size = 300) => new File([new Uint8Array(size)], "logo.png", { type: "image/png" });

  it("shows the Hopper mark until a logo is uploaded, uploads the chosen file with a busy state, then shows it", async () => {
    let answer!: (res: Response) => void;
    const fetchMock = setUp({ [`POST ${LOGO}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { container } = show();
    await screen.findByRole("heading", { name: "Settings" });
    const group = screen.getByRole("group", { name: "Logo" });
    expect(group.textContent).toContain("No logo yet: your pages show the Hopper mark.");
    expect(group.querySelector("svg.logo")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Remove logo" })).toBeNull();
    expect(fileInput(container).accept).toBe("image/png,image/jpeg,image/webp");

    choose(container, png());
    const busy = await screen.findByRole("button", { name: "Uploading..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [, init] = callsTo(fetchMock, "POST", LOGO)[0];
    expect((init?.body as FormData).get("image")).toBeInstanceOf(File);
    answer(json({ settings: { ...SAVED, logoUrl: URL_1 } }));

    const shown = (await screen.findByRole("img", { name: "Current logo" })) as HTMLImageElement;
    expect(shown.getAttribute("src")).toBe(URL_1);
    expect(screen.getByRole("status").textContent).toBe("Logo saved.");
    expect(container.querySelector(".brand-preview__logo")?.getAttribute("src")).toBe(URL_1);
    expect((screen.getByRole("button", { name: "Upload logo" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal, and refuses a file over 1 MB without sending it", async () => {
    const fetchMock = setUp({
      [`POST ${LOGO}`]: () => json({ error: "Invalid file type. Please select a PNG, JPEG, or WebP image." }, 415),
    });
    const { container } = show();
    await screen.findByRole("heading", { name: "Settings" });
    choose(container, new File(["hello"], "logo.txt", { type: "text/plain" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Invalid file type. Please select a PNG, JPEG, or WebP image.",
    );
    choose(container, png(1024 * 1024 + 1));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "File is too large. Please select an image smaller than 1MB.",
      )
    );
    expect(callsTo(fetchMock, "POST", LOGO)).toHaveLength(1);
    expect(screen.queryByRole("img", { name: "Current logo" })).toBeNull();
  });

  it("removes the logo and shows the Hopper mark again", async () => {
    const fetchMock = setUp({
      [GET]: () => json({ settings: { ...SAVED, logoUrl: URL_1 } }),
      [`DELETE ${LOGO}`]: () => json({ settings: SAVED }),
    });
    show();
    expect(((await screen.findByRole("img", { name: "Current logo" })) as HTMLImageElement).getAttribute("src"))
      .toBe(URL_1);
    fireEvent.click(screen.getByRole("button", { name: "Remove logo" }));
    expect((await screen.findByRole("status")).textContent).toBe("Logo removed.");
    expect(callsTo(fetchMock, "DELETE", LOGO)).toHaveLength(1);
    expect(screen.queryByRole("img", { name: "Current logo" })).toBeNull();
    expect(screen.getByRole("group", { name: "Logo" }).textContent).toContain("No logo yet");
    expect(screen.queryByRole("button", { name: "Remove logo" })).toBeNull();
  });

  it("is in Spanish on a Spanish page", async () => {
    setUp();
    const { container } = show("es");
    await screen.findByRole("heading", { name: "Configuración" });
    const group = screen.getByRole("group", { name: "Logotipo" });
    expect(group.textContent).toContain("Aún no hay logotipo: sus páginas muestran la marca de Hopper.");
    expect(screen.getByRole("button", { name: "Subir logotipo" })).toBeDefined();
    choose(container, png(1024 * 1024 + 1));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "El archivo es demasiado grande. Seleccione una imagen de menos de 1 MB.",
    );
  });
});
