/**
 * English and Spanish on the wire: the request's language is the `lang`
 * cookie, then Accept-Language, then English; error answers, the sign-in
 * text and pages come out in it, and the footer's switch sets it. An error
 * is put into it where it is answered, from its catalogue text and values:
 * nothing rewrites an answer on its way out.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { RefusalError, refusalText, refuse } from "../../domain/refusal.ts";
import { ES, type Text } from "../../lib/i18n/catalogue.ts";
import { createApp } from "../../server/app.tsx";
import type { Env } from "../../server/env.ts";
import { language } from "../../server/middleware/language.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
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
    const cases: { init: RequestInit; path: string; status: number; english: string; spanish: string }[] = [
      { path: "/api/nothing", init: {}, status: 404, english: "Not found", spanish: "No encontrado" },
      {
        path: "/nowhere/api/tenant",
        init: {},
        status: 404,
        english: "Organization not found",
        spanish: "No se encontró la organización",
      },
      {
        path: "/api/auth/login",
        init: postJson({ phoneNumber: "12" }),
        status: 400,
        english: "Please enter a valid 10-digit phone number",
        spanish: "Escriba un número de teléfono válido de 10 dígitos",
      },
      {
        path: "/api/auth/verify",
        init: postJson({ phoneNumber: "8645550199", code: "1234" }),
        status: 401,
        english: "Invalid verification code. Please try again.",
        spanish: "Código de verificación incorrecto. Inténtelo de nuevo.",
      },
      {
        path: "/api/auth/login",
        init: { method: "POST", body: "x" },
        status: 415,
        english: "Expected a JSON body (Content-Type: application/json)",
        spanish: "Se esperaba un cuerpo JSON (Content-Type: application/json)",
      },
      {
        path: "/api/inquiries",
        init: { method: "POST", headers: { "content-type": "application/json" }, body: "{" },
        status: 400,
        english: "Malformed JSON in request body",
        spanish: "El cuerpo JSON de la solicitud está mal formado",
      },
      {
        path: "/api/users/profile",
        init: bearer(token, { ...postJson({ name: "x".repeat(81) }), method: "PUT" }),
        status: 400,
        english: "Name must be at most 80 characters",
        spanish: "Nombre: debe tener como máximo 80 caracteres",
      },
      {
        path: "/api/inquiries",
        init: postJson({ name: "Ana", email: "ana@example.com", message: " " }),
        status: 400,
        english: "Message is required",
        spanish: "Mensaje: este campo es obligatorio",
      },
      {
        path: "/greer/api/rides/01ARZ3NDEKTSV4RRFFQ69G5FAV",
        init: bearer(token, { ...postJson({ status: "canceled" }), method: "PUT" }),
        status: 404,
        english: "Ride not found",
        spanish: "No se encontró el viaje",
      },
      {
        path: "/greer/api/rides/my",
        init: {},
        status: 401,
        english: "Authentication required - please log in",
        spanish: "Se requiere iniciar sesión. Inicie sesión.",
      },
    ];
    for (const c of cases) {
      const english = await t.request(c.path, c.init);
      expect([english.status, (await english.json()).error], c.path).toEqual([c.status, c.english]);
      const spanish = await t.request(c.path, withHeaders(c.init, SPANISH));
      const answer = await spanish.json();
      expect(spanish.status, c.path).toBe(c.status);
      expect(answer.error, c.path).toBe(c.spanish);
    }
  });

  it("has Spanish for every error text it knows, its values translated with it", () => {
    const wait = refuse(429, "Too many codes sent to this number. Please wait {wait} and try again.", {
      wait: { text: "{count} minutes", values: { count: 5 } },
    });
    expect(refusalText("es", wait)).toBe(
      "Se enviaron demasiados códigos a este número. Espere 5 minutos e inténtelo de nuevo.",
    );
    expect(refusalText("en", wait)).toBe("Too many codes sent to this number. Please wait 5 minutes and try again.");
    expect(refusalText("es", refuse(400, "{label} is required", { label: { text: "Message" } })))
      .toBe("Mensaje: este campo es obligatorio");
    for (const key of Object.keys(ES) as Text[]) {
      if (typeof ES[key] === "string" && !/\{\w+\}/.test(key)) expect(refusalText("es", { text: key })).toBe(ES[key]);
    }
  });

  it("answers a refusal naming a field fully in Spanish: the field's name too", async () => {
    using t = await makeApp();
    const hidden = await t.request(
      "/api/inquiries",
      withHeaders(postJson({ name: "Ana\u202e", email: "ana@example.com", message: "Hola" }), SPANISH),
    );
    expect([hidden.status, (await hidden.json()).error]).toEqual([
      400,
      "Nombre: contiene caracteres que no se permiten",
    ]);
    const long = await t.request(
      "/api/inquiries",
      withHeaders(postJson({ name: "Ana", email: "ana@example.com", message: "x".repeat(5001) }), COOKIE_ES),
    );
    expect([long.status, (await long.json()).error]).toEqual([400, "Mensaje: debe tener como máximo 5000 caracteres"]);
  });

  it("answers a refusal thrown from deep code as a route answers one, in the request's language", async () => {
    using t = await makeApp();
    let thrown: RefusalError | null = null;
    // A store whose reads throw a refusal once told to: the deepest code an answer can come from.
    const kv = new Proxy(t.kv, {
      get(target, prop) {
        const real = Reflect.get(target, prop, target);
        if ((prop === "get" || prop === "getMany") && thrown) {
          return () => {
            throw thrown;
          };
        }
        return typeof real === "function" ? real.bind(target) : real;
      },
    });
    const app = createApp({ kv, sms: t.sms, clock: t.clock, config: t.config, log: t.log });
    thrown = new RefusalError(
      refuse(429, "Too many codes sent to this number. Please wait {wait} and try again.", {
        wait: { text: "{count} minutes", values: { count: 5 } },
      }, 300),
    );
    const spanish = await app.request("/someplace/api/tenant", { headers: SPANISH });
    expect([spanish.status, spanish.headers.get("retry-after"), await spanish.json()]).toEqual([429, "300", {
      error: "Se enviaron demasiados códigos a este número. Espere 5 minutos e inténtelo de nuevo.",
    }]);
    const english = await app.request("/someplace/api/tenant");
    expect([english.status, await english.json()]).toEqual([429, {
      error: "Too many codes sent to this number. Please wait 5 minutes and try again.",
    }]);
  });

  it("rewrites no answer on its way out: an English text that is not a refusal stays as it is", async () => {
    const app = new Hono<Env>().use(language());
    app.get("/said", (c) => c.json({ error: "Name is required", detail: "kept" }, 400));
    app.get("/filled", (c) => c.json({ error: "Message must be at most 5000 characters" }, 400));
    app.get("/refused", (c) => refusalAnswer(c, refuse(400, "{label} is required", { label: { text: "Name" } })));
    const ask = (path: string) => app.request(path, { headers: SPANISH });
    expect(await (await ask("/said")).json()).toEqual({ error: "Name is required", detail: "kept" });
    expect(await (await ask("/filled")).json()).toEqual({ error: "Message must be at most 5000 characters" });
    expect(await (await ask("/refused")).json()).toEqual({ error: "Nombre: este campo es obligatorio" });
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
