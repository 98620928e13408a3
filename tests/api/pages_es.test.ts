/**
 * The site's pages in Spanish: each page's heading, title, lead
 * and links in Spanish for a `lang=es` visitor, dates as es-US writes them,
 * no English text of the page left; the same page unchanged in English.
 */
import { describe, expect, it } from "vitest";
import { ES as SPANISH, type Text } from "../../lib/i18n/catalogue.ts";
import { ACCESS_MATRIX } from "../access_matrix.ts";
import { html, makeApp } from "../helpers/app.ts";

const ES = { cookie: "lang=es" };

/** The text a person reads on the page: the body's text with the markup gone. */
function visibleText(page: string): string {
  const body = page.slice(page.indexOf("<body"));
  return body.replace(/<script[^]*?<\/script>/g, "").replace(/<[^>]+>/g, " ").replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");
}

const title = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];

const PAGES: { path: string; h1: string; title: string; english: { h1: string; title: string }; also: string[] }[] = [
  {
    path: "/",
    h1: "Transporte a pedido para su comunidad",
    title: "Hopper · Transporte a pedido para su comunidad",
    english: { h1: "On-demand shuttles for your community", title: "Hopper · On-demand shuttles for your community" },
    also: ["Cómo viajar", "Para pasajeros", "Inicie sesión con su teléfono", "Código abierto"],
  },
  {
    path: "/about",
    h1: "Acerca de Hopper",
    title: "Acerca de · Hopper",
    english: { h1: "About Hopper", title: "About · Hopper" },
    also: ["Cómo funciona", "Comuníquese con nosotros", "Contáctenos"],
  },
  {
    path: "/greer/about",
    h1: "Acerca de City of Greer en Hopper",
    title: "Acerca de · City of Greer",
    english: { h1: "About City of Greer on Hopper", title: "About · City of Greer" },
    also: ["City of Greer ofrece su transporte a pedido con Hopper."],
  },
  {
    path: "/privacy",
    h1: "Política de privacidad",
    title: "Política de privacidad · Hopper",
    english: { h1: "Privacy Policy", title: "Privacy Policy · Hopper" },
    also: ["Fecha de entrada en vigor: 6 de agosto de 2025", "Su número de teléfono", "contáctenos"],
  },
  {
    path: "/terms",
    h1: "Términos del servicio",
    title: "Términos del servicio · Hopper",
    english: { h1: "Terms of Service", title: "Terms of Service · Hopper" },
    also: ["Fecha de entrada en vigor: 6 de agosto de 2025", "Responsabilidad", "Política de privacidad"],
  },
  {
    path: "/contact",
    h1: "Contáctenos",
    title: "Contáctenos · Hopper",
    english: { h1: "Contact us", title: "Contact us · Hopper" },
    also: ["También puede escribirnos directamente a", "Enviar mensaje", "Organización (opcional)"],
  },
  {
    path: "/greer/login",
    h1: "Bienvenido a City of Greer",
    title: "Iniciar sesión · City of Greer",
    english: { h1: "Welcome to City of Greer", title: "Sign in · City of Greer" },
    also: ["Para iniciar sesión se necesita JavaScript."],
  },
  {
    path: "/greer/no/such/page",
    h1: "Página no encontrada",
    title: "Página no encontrada",
    english: { h1: "Page not found", title: "Page not found" },
    also: ["Volver a City of Greer", "No encontramos la página que buscaba."],
  },
];

describe("the site's pages in Spanish", () => {
  for (const p of PAGES) {
    it(`${p.path}: heading, title and text in Spanish; English without the cookie`, async () => {
      using t = await makeApp();
      const spanish = await html(await t.request(p.path, { headers: ES }));
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(spanish)?.[1]).toBe(p.h1);
      expect(title(spanish)).toBe(p.title);
      const text = visibleText(spanish);
      for (const words of p.also) expect(text).toContain(words);
      expect(spanish).toContain('<meta name="description" content="Hopper ofrece transporte a pedido');

      const english = await html(await t.request(p.path));
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(english)?.[1]).toBe(p.english.h1);
      expect(title(english)).toBe(p.english.title);
    });
  }

  it("leaves no sentence of the English page on the Spanish one", async () => {
    using t = await makeApp();
    for (const path of ["/", "/about", "/privacy", "/terms", "/contact"]) {
      const english = visibleText(await html(await t.request(path)));
      const spanish = visibleText(await html(await t.request(path, { headers: ES })));
      const sentences = english.split(/(?<=[.!?])\s+/).filter((s) => s.split(" ").length >= 5);
      expect(sentences.length).toBeGreaterThan(3);
      expect(sentences.filter((s) => spanish.includes(s)), path).toEqual([]);
    }
  });

  it("shows no English catalogue text on any page a Spanish visitor opens, signed-in pages' frames included", async () => {
    using t = await makeApp();
    const paths = ACCESS_MATRIX.filter((row) => row.kind === "page" && row.own[0] === 200)
      .map((row) => row.path.replace(":tenant", "greer"));
    expect(paths).toContain("/greer/admin/schedule");
    const left: string[] = [];
    for (const path of paths) {
      const page = await html(await t.request(path, { headers: ES }));
      const shown = page.replace(/<script[^]*?<\/script>/g, "").replace(/<style[^]*?<\/style>/g, "");
      const texts = [
        ...[...shown.matchAll(/>([^<>]+)</g)].map((m) => m[1]),
        ...[...shown.matchAll(/\s(?:aria-label|title|placeholder|alt|content)="([^"]*)"/g)].map((m) => m[1]),
      ].map((text) => text.replace(/&#39;/g, "'").replace(/&amp;/g, "&").trim());
      for (const text of new Set(texts)) {
        if (Object.hasOwn(SPANISH, text) && SPANISH[text as Text] !== text) left.push(`${path}: ${text}`);
      }
    }
    expect(left).toEqual([]);
  });
});
