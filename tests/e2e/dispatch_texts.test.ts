/**
 * A texter asks for a person and a dispatcher answers from the console, in Chromium at desk width on the real
 * server, in English and in Spanish: signed webhook texts (as Twilio signs them) to the shared number start a booking,
 * choose the service from its numbered list and say AGENT; the
 * conversation appears in the console's "Texts waiting for a person" with its transcript; the dispatcher's reply
 * reaches the fake Twilio for that number and joins the transcript. `UPDATE_SCREENSHOTS=1` writes the console with the
 * waiting conversation at 390 px and 1280 px in both languages.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { FAKE_TOKEN } from "../helpers/fake_twilio.ts";
import { inboundForm, inboundRequest } from "../helpers/twilio_webhook.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();

const CASES = {
  en: {
    texts: ["RIDE", "1", "AGENT"],
    handedOver: "A person will text you back soon.",
    section: /Texts waiting for a person \(\d+\)/,
    rider: "Rider",
    reply: "Reply by text",
    send: "Send reply",
    said: "I can book it for you: where to?",
    texter: "8645550281",
    dispatcher: "8645550282",
  },
  es: {
    texts: ["VIAJE", "1", "AGENTE"],
    handedOver: "Una persona le escribirá pronto.",
    section: /Mensajes que esperan a una persona \(\d+\)/,
    rider: "Pasajero",
    reply: "Responder por mensaje de texto",
    send: "Enviar respuesta",
    said: "Le reservo el viaje: ¿adónde va?",
    texter: "8645550291",
    dispatcher: "8645550292",
  },
};

/**
 * Twilio signs the webhook's public address: the test server, started on port 0 with no PUBLIC_URL, takes the
 * default one (lib/config.ts), whatever port it listens on.
 */
const SIGNED_URL = "http://localhost:8000/api/sms/inbound";

/** Texts `body` from the 10-digit `phone` to the number tenants share, signed as Twilio signs it. */
async function text(phone: string, body: string) {
  const res = await fetch(
    `${world.server.url}/api/sms/inbound`,
    inboundRequest(inboundForm(`+1${phone}`, body), { authToken: FAKE_TOKEN, url: SIGNED_URL }),
  );
  expect(res.status, body).toBe(200);
  await res.body?.cancel();
}

async function pageFor(who: Session, lang: Lang, viewport = DESKTOP): Promise<Page> {
  const context = await world.newContext({ viewport });
  if (lang === "es") await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
  const page = await context.newPage();
  watchPage(page);
  await storeSession(page, who);
  return page;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png`, fullPage: true });
}

const formatted = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

async function answerCase(lang: Lang) {
  const w = CASES[lang];
  const admin = await world.signIn(DEMO_ADMIN_PHONE);
  const dispatcher = await world.signIn(w.dispatcher);
  const granted = await world.call("POST", `/greer/api/user/${dispatcher.user.id}/roles`, admin.token, {
    role: "dispatcher",
  });
  expect(granted.status, JSON.stringify(granted.data)).toBe(200);

  const before = world.twilio.messages.length;
  for (const body of w.texts) await text(w.texter, body);
  const toTexter = () => world.twilio.messages.slice(before).filter((m) => m.to === `+1${w.texter}`);
  expect(toTexter().at(-1)?.body).toBe(w.handedOver);

  const page = await pageFor(dispatcher, lang);
  await page.goto("/greer/dispatch");
  const section = page.getByRole("region", { name: w.section });
  const card = section.locator(".dispatch-text", { hasText: formatted(w.texter) });
  await card.waitFor({ timeout: 15_000 });
  const riderLines = card.locator(".dispatch-transcript__line--rider");
  expect(await riderLines.locator(".dispatch-transcript__text").allTextContents()).toEqual(w.texts);
  expect(await riderLines.first().locator(".dispatch-transcript__who").textContent()).toContain(w.rider);

  await card.getByLabel(w.reply).fill(w.said);
  const sent = world.twilio.messages.length;
  await card.getByRole("button", { name: w.send }).click();
  await expect.poll(() => world.twilio.messages.slice(sent).filter((m) => m.to === `+1${w.texter}`), {
    timeout: 5_000,
  }).toEqual([expect.objectContaining({ body: `City of Greer: ${w.said}` })]);
  await card.locator(".dispatch-transcript__line--dispatcher", { hasText: w.said }).waitFor({ timeout: 5_000 });
  expect(await card.getByLabel(w.reply).inputValue()).toBe("");

  await shot(page, `dispatch-texts-1280-${lang}`);
  if (SHOTS) {
    const phone = await pageFor(dispatcher, lang, PHONE);
    await phone.goto("/greer/dispatch");
    await phone.locator(".dispatch-text", { hasText: formatted(w.texter) }).waitFor({ timeout: 15_000 });
    await shot(phone, `dispatch-texts-390-${lang}`);
  }
}

describe("texts waiting for a person, in the dispatcher's console", () => {
  it("a texter says AGENT and the dispatcher's reply reaches their phone (English)", async () => {
    await answerCase("en");
  });
  it("a texter says AGENTE and the dispatcher's reply reaches their phone (Spanish)", async () => {
    await answerCase("es");
  });
});
