/**
 * English and Spanish on the wire: the request's language is the
 * `lang` cookie, then Accept-Language, then English; error answers, the
 * sign-in text and pages come out in it, and the footer's switch sets it.
 */
import { describe, expect, it } from "vitest";
import { ES, localize, type Text } from "../../lib/i18n/catalogue.ts";
import { bearer, html, makeApp, postJson, signIn } from "../helpers/app.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const COOKIE_ES = { cookie: "theme=dark; lang=es" };

function withHeaders(init: RequestInit, headers: Record<string, string>): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } };
}

describe("the request's language", () => {
  it("texts the sign-in code in the language of the request that asked for it", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", withHeaders(postJson({ phoneNumber: "8645550142" }), SPANISH));
    await t.request("/api/auth/login", withHeaders(postJson({ phoneNumber: "8645550143" }), {}));
    await t.request(
      "/api/auth/login",
      withHeaders(postJson({ phoneNumber: "8645550144" }), { ...COOKIE_ES, "accept-language": "en-US" }),
    );
    const body = (to: string) => t.sms.sent.find((m) => m.to === to)?.body ?? "";
    expect(body("8645550142")).toMatch(/^Su código de Hopper es \d{4}\. Vence en 10 min\. STOP: salir\. HELP: ayuda$/);
    expect(body("8645550143")).toMatch(/^Your Hopper verification code is \d{4}\. It expires in 10 minutes\./);
    // The cookie (the person's own choice) wins over the browser's language.
    expect(body("8645550144")).toMatch(/^Su código de Hopper es/);
  });

  it("answers each kind of error in Spanish when asked, and in English to clients that send nothing", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, "8645550142", "greer");
    const cases: { init: RequestInit; path: string; status: number; english: string }[] = [
      { path: "/api/nothing", init: {}, status: 404, english: "Not found" },
      { path: "/nowhere/api/tenant", init: {}, status: 404, english: "Organization not found" },
      {
        path: "/api/auth/login",
        init: postJson({ phoneNumber: "12" }),
        status: 400,
        english: "Please enter a valid 10-digit phone number",
      },
      {
        path: "/api/auth/verify",
        init: postJson({ phoneNumber: "8645550199", code: "1234" }),
        status: 401,
        english: "Invalid verification code. Please try again.",
      },
      {
        path: "/api/auth/login",
        init: { method: "POST", body: "x" },
        status: 415,
        english: "Expected a JSON body (Content-Type: application/json)",
      },
      {
        path: "/api/users/profile",
        init: bearer(token, { ...postJson({ name: "x".repeat(81) }), method: "PUT" }),
        status: 400,
        english: "Name must be at most 80 characters",
      },
      {
        path: "/greer/api/rides/01ARZ3NDEKTSV4RRFFQ69G5FAV",
        init: bearer(token, { ...postJson({ status: "canceled" }), method: "PUT" }),
        status: 404,
        english: "Ride not found",
      },
      { path: "/greer/api/rides/my", init: {}, status: 401, english: "Authentication required - please log in" },
    ];
    for (const c of cases) {
      const english = await t.request(c.path, c.init);
      expect([english.status, (await english.json()).error], c.path).toEqual([c.status, c.english]);
      const spanish = await t.request(c.path, withHeaders(c.init, SPANISH));
      const answer = await spanish.json();
      expect(spanish.status, c.path).toBe(c.status);
      expect(answer.error, c.path).toBe(localize("es", c.english));
      expect(answer.error, c.path).not.toBe(c.english);
    }
  });

  it("has Spanish for every error text it knows, filled from the English the server wrote", () => {
    expect(localize("es", "Too many codes sent to this number. Please wait 5 minutes and try again."))
      .toBe("Se enviaron demasiados códigos a este número. Espere 5 minutos e inténtelo de nuevo.");
    expect(localize("es", "Message is required")).toBe("Mensaje: este campo es obligatorio");
    for (const key of Object.keys(ES) as Text[]) {
      if (typeof ES[key] === "string" && !/\{\w+\}/.test(key)) expect(localize("es", key)).toBe(ES[key]);
    }
  });

  it("renders pages in the chosen language, says so in <html lang>, and varies on it", async () => {
    using t = await makeApp();
    const spanish = await t.request("/greer/login", { headers: COOKIE_ES });
    const page = await html(spanish);
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("Saltar al contenido");
    expect(spanish.headers.get("vary")).toBe("accept-encoding, cookie, accept-language");
    const english = await html(await t.request("/greer/login"));
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("Skip to content");
    // Asked again (now from the page shortcut), each language still gets its own page.
    expect(await html(await t.request("/greer/login", { headers: SPANISH }))).toContain('<html lang="es">');
    expect(await html(await t.request("/greer/login"))).toContain('<html lang="en">');
  });

  it("switches with the footer's link: sets the cookie for a year and goes back to the page", async () => {
    using t = await makeApp();
    const page = await html(await t.request("/greer/about"));
    expect(page).toContain('href="/lang?to=es&amp;next=%2Fgreer%2Fabout"');
    const res = await t.request("/lang?to=es&next=%2Fgreer%2Fabout");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/greer/about");
    expect(res.headers.get("set-cookie")).toBe("lang=es; Path=/; Max-Age=31536000; SameSite=Lax");
    const bad = await t.request("/lang?to=fr&next=/");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Choose a language: en or es");
  });

  it("keeps a signed-in person's choice on their profile, and gives it to a new device at sign-in", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, "8645550142", "greer");
    expect(user).not.toHaveProperty("language");
    const saved = await t.request(
      "/api/users/profile",
      bearer(token, { ...postJson({ language: "es" }), method: "PUT" }),
    );
    expect((await saved.json()).user.language).toBe("es");
    expect((await (await t.request("/api/users/profile", bearer(token))).json()).user.language).toBe("es");
    const refused = await t.request(
      "/api/users/profile",
      bearer(token, { ...postJson({ language: "fr" }), method: "PUT" }),
    );
    expect([refused.status, (await refused.json()).error]).toEqual([400, "Choose a language: en or es"]);
    // Another device, no choice of its own: the verify answer sets it. A device that chose keeps its choice.
    const verifyOn = async (headers: Record<string, string>) => {
      await t.request("/api/auth/login", postJson({ phoneNumber: "8645550142" }));
      const code = t.sms.sent.at(-1)!.body.match(/\d{4}/)![0];
      return await t.request("/api/auth/verify", withHeaders(postJson({ phoneNumber: "8645550142", code }), headers));
    };
    // (Every sign-in also leaves the device key's cookie, for the sign-in calls only: tests/api/sign_in_locks.test.ts.)
    const langCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith("lang="));
    expect(langCookies(await verifyOn({}))).toEqual(["lang=es; Path=/; Max-Age=31536000; SameSite=Lax"]);
    expect(langCookies(await verifyOn({ cookie: "lang=en" }))).toEqual([]);
  });
});
