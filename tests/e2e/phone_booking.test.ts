/**
 * A phone booking end to end, at desk width in English and in Spanish: the real server (main.ts, fake Twilio on the
 * wire), the plain demo tenant dispatching by drivers. A dispatcher opens the console, books a ride for a number new
 * to Hopper with the booking form (places found by name), the pending request reaches the online driver's screen
 * without a reload, the driver accepts, and the fake Twilio gets the rider's text.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { formatPhone } from "../../lib/phone.ts";
import { storeSession, watchPage } from "./browser.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();
const GREER = { lat: 34.9387, lng: -82.2271 };

interface Words {
  lang: "en" | "es";
  book: string;
  phone: string;
  name: string;
  pickup: string;
  dropoff: string;
  submit: string;
  booked: (phone: string) => RegExp;
  /** The server's refusal of a number abroad, in the page's language. */
  abroad: string;
}

const ENGLISH: Words = {
  lang: "en",
  book: "Book a ride",
  phone: "Caller's phone number",
  name: "Caller's name (optional)",
  pickup: "Pickup place",
  dropoff: "Drop-off place or destination",
  submit: "Book Ride",
  booked: (phone) => new RegExp(`^Ride booked for ${escape(phone)}\\. Pickup as soon as a driver accepts`),
  abroad: "Hopper can only text US and Canadian mobile or landline numbers",
};
const SPANISH: Words = {
  lang: "es",
  book: "Reservar un viaje",
  phone: "Teléfono de quien llama",
  name: "Nombre (opcional)",
  pickup: "Lugar de recogida",
  dropoff: "Destino: lugar o texto",
  submit: "Reservar viaje",
  booked: (phone) => new RegExp(`^Viaje reservado para ${escape(phone)}\\. Recogida en cuanto un conductor`),
  abroad: "Hopper solo puede enviar mensajes a celulares y teléfonos fijos de EE. UU. y Canadá",
};
const escape = (text: string) => text.replace(/[()]/g, "\\$&");

/** The demo admin, signed in once for the file (a number gets 3 codes in 15 minutes). */
let adminSession: Session | undefined;
let driverSession: Session | undefined;

/** A dispatcher: a new number made a rider, granted the role by the demo admin. */
async function dispatcher(phone: string): Promise<Session> {
  adminSession ??= await world.signIn(DEMO_ADMIN_PHONE);
  const person = await world.signIn(phone);
  const granted = await world.call("POST", `/greer/api/user/${person.user.id}/roles`, adminSession.token, {
    role: "dispatcher",
  });
  expect(granted.status, JSON.stringify(granted.data)).toBe(200);
  return person;
}

async function open(session: Session, path: string, island: string, lang: "en" | "es"): Promise<Page> {
  const context = await world.newContext();
  await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
  const page = await context.newPage();
  await storeSession(page, session);
  expect((await page.goto(path))?.status()).toBe(200);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 15_000 });
  return page;
}

describe("a dispatcher books for a caller by phone", () => {
  for (
    const [words, dispatcherPhone, callerPhone] of [
      [ENGLISH, "8645550710", "8645550711"],
      [SPANISH, "8645550720", "8645550721"],
    ] as const
  ) {
    it(`(${words.lang}) the ride reaches the driver's screen and the caller is texted`, async () => {
      driverSession ??= await world.signIn(DEMO_DRIVER_PHONE);
      const online = await world.call("PUT", "/greer/api/drivers/availability", driverSession.token, {
        isAvailable: true,
        location: GREER,
      });
      expect(online.status).toBe(200);
      const driver = await open(driverSession, "/greer/driver", "DriverScreen", "en");
      const driverSeen = watchPage(driver);

      const desk = await open(await dispatcher(dispatcherPhone), "/greer/dispatch", "DispatchConsole", words.lang);
      // The refused number's 400 is the browser's own log line, as for any refusal the page shows.
      const deskSeen = watchPage(desk, { ignore: [/status of 400 \(Bad Request\)/] });
      await desk.getByRole("button", { name: words.book, exact: true }).click();
      await desk.getByLabel(words.phone).fill(callerPhone);
      await desk.getByLabel(words.name).fill("Rosa Diaz");
      const pickup = desk.getByRole("combobox", { name: words.pickup });
      await pickup.pressSequentially("city h");
      await desk.getByRole("option", { name: /City Hall/ }).click();
      expect(await pickup.inputValue()).toBe("City Hall");
      const dropoff = desk.getByRole("combobox", { name: words.dropoff });
      await dropoff.pressSequentially("library");
      await desk.getByRole("option", { name: /Public Library/ }).click();
      // A number abroad (Jamaica): refused as the server words it, in the page's language; the form is kept.
      await desk.getByLabel(words.phone).fill("8765550199");
      await desk.getByRole("button", { name: words.submit, exact: true }).click();
      await expect.poll(() => desk.locator(".booking-panel [role=alert]").textContent()).toBe(words.abroad);
      expect(await pickup.inputValue()).toBe("City Hall");
      await desk.getByLabel(words.phone).fill(callerPhone);
      await desk.getByRole("button", { name: words.submit, exact: true }).click();
      const done = desk.locator(".booking-panel .notice--success");
      await done.waitFor({ timeout: 10_000 });
      expect(await done.textContent()).toMatch(words.booked(formatPhone(callerPhone)));
      expect(await desk.getByLabel(words.phone).inputValue()).toBe("");

      // The driver's list shows the caller's request without a reload.
      const item = driver.locator(".ride-item").filter({ hasText: callerPhone.slice(-4) });
      await item.waitFor({ timeout: 10_000 });
      expect(await item.getByText("Rosa Diaz").isVisible()).toBe(true);
      await item.getByRole("button", { name: "Accept" }).click();

      // The caller hears what any rider hears when a driver accepts.
      const to = `+1${callerPhone}`;
      const texts = () => world.twilio.messages.filter((m) => m.to === to).map((m) => m.body);
      await expect.poll(() => texts()[0], { timeout: 10_000 }).toBe(
        "City of Greer: Your driver accepted your ride and will be there in about 2 min. Reply STOP to stop texts.",
      );
      // The ride ends (canceled by the dispatcher), so the driver is free for the next case.
      const mine = await world.call("GET", "/greer/api/driver/rides", driverSession.token);
      for (const ride of mine.data as { id: string }[]) {
        const canceled = await world.call("POST", `/greer/api/dispatch/rides/${ride.id}/cancel`, adminSession!.token, {
          reason: "Test over",
        });
        expect(canceled.status).toBe(200);
      }
      expect(deskSeen.errors).toEqual([]);
      expect(driverSeen.errors).toEqual([]);
    });
  }
});
