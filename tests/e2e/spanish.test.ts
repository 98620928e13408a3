/**
 * A Spanish-speaking rider end to end, in the real server and a
 * real Chromium on a phone screen: they choose Español in the footer, sign in
 * with the texted code (which arrives in Spanish), request a ride and see
 * every screen in Spanish; a reload, and a new device after signing in, keep
 * the language. `UPDATE_SCREENSHOTS=1 deno task test:e2e` also writes
 * docs/screenshots/es-*.png at 390 px and at desk width.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot } from "./screenshots.ts";
import { browserWorld } from "./world.ts";
import { ES, type Text } from "../../lib/i18n/catalogue.ts";

const world = browserWorld();
const GREER = { latitude: 34.9387, longitude: -82.2271 };

async function hydrated(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/** Signs in through the Spanish sign-in screen; answers the text the fake Twilio received. */
async function signInInSpanish(page: Page, phone: string): Promise<string> {
  await hydrated(page, "LoginForm");
  await page.getByLabel("Número de teléfono").pressSequentially(phone);
  await page.getByRole("button", { name: "Enviar código de verificación" }).click();
  await page.getByRole("heading", { name: "Verifique su teléfono" }).waitFor();
  const text = world.twilio.messages.findLast((m) => m.to === `+1${phone}`)!.body;
  await page.getByLabel("Código de verificación").fill(world.twilio.codeFor(phone)!);
  await page.getByRole("button", { name: "Verificar código" }).click();
  return text;
}

describe("in Spanish, end to end", () => {
  it("a rider chooses Español, signs in, requests a ride, and every screen stays in Spanish", async () => {
    const driver = await world.signIn("8645550101");
    const online = await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: GREER.latitude, lng: GREER.longitude },
    });
    expect(online.status).toBe(200);

    const context = await world.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      geolocation: GREER,
      permissions: ["geolocation"],
    });
    const page = await context.newPage();
    const seen = watchPage(page);
    await page.goto("/greer/login");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.getByRole("link", { name: "Español" }).click();
    await page.waitForURL((url) => url.pathname === "/greer/login");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Bienvenido a City of Greer");
    await shot(page, "es-login");

    const sms = await signInInSpanish(page, "8645550655");
    expect(sms).toMatch(/^Su código de Hopper es \d{4}\./);
    await page.waitForURL((url) => url.pathname === "/greer/rider", { timeout: 10_000 });
    await hydrated(page, "RiderScreen");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("heading", { name: "Solicitar un viaje" }).waitFor();
    await page.getByText("1 en línea").waitFor();
    await page.getByText("Su ubicación actual (GPS)").waitFor();

    // A refusal made on the page, in Spanish.
    await page.getByRole("button", { name: "Solicitar viaje" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Seleccione un destino en el mapa o escriba un destino.");

    await page.getByLabel("Destino").fill("Biblioteca");
    await page.getByLabel("Pasajeros").selectOption("2");
    await shot(page, "es-rider-request");
    await page.getByRole("button", { name: "Solicitar viaje" }).click();
    const card = page.getByRole("region", { name: "Viaje actual" });
    await card.getByText("Tiene una solicitud de viaje pendiente").waitFor();
    expect(await card.getByText("Pendiente", { exact: true }).isVisible()).toBe(true);
    await shot(page, "es-rider-pending");
    expect(await englishOnScreen(page)).toEqual([]);

    // The driver accepts; the rider's card follows live, in Spanish.
    const mine = await world.call(
      "GET",
      "/greer/api/rides/my",
      (await page.evaluate(() => localStorage.getItem("authToken")))!,
    );
    const accepted = await world.call("PUT", `/greer/api/rides/${mine.data.id}`, driver.token, { status: "accepted" });
    expect(accepted.status).toBe(200);
    await card.getByText("¡Un conductor aceptó su viaje!").waitFor({ timeout: 10_000 });
    expect(await card.getByText("Aceptado", { exact: true }).isVisible()).toBe(true);

    // A reload keeps Spanish; the menu and the footer are in Spanish too.
    await page.reload();
    await hydrated(page, "RiderScreen");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await card.getByText("¡Un conductor aceptó su viaje!").waitFor();
    expect(await page.getByRole("link", { name: "English" }).isVisible()).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(seen.errors).toEqual([]);

    // Signed in on a new device with no cookie: the profile's language comes back.
    const desk = await world.newPage(DESKTOP);
    await desk.goto("/greer/login");
    expect(await desk.locator("html").getAttribute("lang")).toBe("en");
    await signInInEnglish(desk, "8645550655");
    await desk.waitForURL((url) => url.pathname === "/greer/rider", { timeout: 10_000 });
    await desk.reload();
    await hydrated(desk, "RiderScreen");
    expect(await desk.locator("html").getAttribute("lang")).toBe("es");
    await desk.getByRole("region", { name: "Viaje actual" }).waitFor();
    await shot(desk, "es-rider-desk");
  });

  it("shows the driver's screen in Spanish at a phone's width and at a desk's", async () => {
    const driver = await world.signIn("8645550101");
    for (const [viewport, name] of [[PHONE, "es-driver"], [DESKTOP, "es-driver-desk"]] as const) {
      const context = await world.newContext({ viewport, geolocation: GREER, permissions: ["geolocation"] });
      await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
      const page = await context.newPage();
      const seen = watchPage(page);
      await storeSession(page, driver);
      await page.goto("/greer/driver");
      await hydrated(page, "DriverScreen");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Panel del conductor");
      await page.getByRole("switch", { name: /Disponible para viajes/ }).waitFor();
      await page.getByRole("heading", { name: "Solicitudes de viaje activas" }).waitFor();
      await shot(page, name);
      expect(await englishOnScreen(page)).toEqual([]);
      await page.waitForLoadState("networkidle");
      expect(seen.errors).toEqual([]);
    }
  });

  it("an admin runs the console in Spanish: dashboard, trips, users and schedule, with no English left", async () => {
    const admin = await world.signIn("8645550100");
    const context = await world.newContext({ viewport: PHONE });
    await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
    const page = await context.newPage();
    const seen = watchPage(page);
    await storeSession(page, admin);
    const screens: [path: string, island: string, h1: string][] = [
      ["/greer/admin", "AdminDashboard", "Panel del administrador"],
      ["/greer/admin/trips", "AdminTrips", "Viajes"],
      ["/greer/admin/users", "AdminUsers", "Usuarios"],
      ["/greer/admin/schedule", "AdminSchedule", "Horario"],
    ];
    for (const [path, island, h1] of screens) {
      await page.goto(path);
      await hydrated(page, island);
      await page.getByRole("heading", { level: 1, name: h1 }).waitFor();
      await page.locator("main .loading").waitFor({ state: "detached" });
      expect(await englishOnScreen(page), path).toEqual([]);
    }
    // The editor words a rule in Spanish before anything is sent.
    await page.getByRole("button", { name: "Agregar una franja horaria al Domingo" }).click();
    await page.getByLabel("Domingo, franja 1: hora de fin").fill("08:00");
    await page.getByText("Domingo, franja 1: la hora de fin (08:00) debe ser posterior a la hora de inicio (09:00)")
      .waitFor();
    expect(seen.errors).toEqual([]);
  });
});

/** English catalogue texts (whose Spanish differs) that a person reads or hears on the page. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = document.body.innerText.split("\n");
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      for (const name of ["aria-label", "title", "placeholder"]) out.push(el.getAttribute(name) ?? "");
    }
    out.push(document.title);
    return out.map((text) => text.trim());
  });
  return [...new Set(texts)].filter((text) => Object.hasOwn(ES, text) && ES[text as Text] !== text);
}

/** The English sign-in screen (a new device has no language yet). */
async function signInInEnglish(page: Page, phone: string) {
  await hydrated(page, "LoginForm");
  await page.getByLabel("Phone number").pressSequentially(phone);
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
  await page.getByLabel("Verification code").fill(world.twilio.codeFor(phone)!);
  await page.getByRole("button", { name: "Verify Code" }).click();
}
