/**
 * Renders a page whole on the server: the body with React, then a head that
 * links the stylesheet and only the island bundles the body used. A page with
 * no island gets no <script> at all.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IslandsUsed } from "../components/Island.tsx";
import { TextsProvider } from "../components/texts.tsx";
import { type Area, AREAS, type Text, textsFor, translate } from "../lib/i18n/catalogue.ts";
import { DEFAULT_LANG, type Lang } from "../lib/i18n/lang.ts";
import type { Manifest } from "./assets.ts";
import { DEFAULT_THEME, iconVersion } from "../lib/web_app.ts";
import { DEFAULT_BRAND } from "../lib/tenant_settings.ts";

export interface PageMeta {
  title: string;
  description?: string;
  /** The tenant's brand colour: the browser's theme colour and /brand/{rrggbb}.css. */
  brand?: string;
  /**
   * The installable web app the page belongs to: "/{tenant}" on a tenant's pages, which also name its
   * service worker (`<body data-sw>`) for the islands' runtime to register; "" (Hopper's own manifest, no worker)
   * on the public site.
   */
  app?: string;
  /** The hash of the tenant's logo, which its home-screen icons show. */
  logo?: string;
}

/** The stylesheet that sets a brand colour's CSS variables (routes/brand_css.ts). */
export const brandCssPath = (brand: string) => `/brand/${brand.slice(1).toLowerCase()}.css`;

const DEFAULT_DESCRIPTION: Text =
  "Hopper runs on-demand shuttles for towns, campuses, hospitals and employers: request a pickup from your phone.";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Set when PUBLIC_SENTRY_DSN is: pages with islands then tell the browser where to report. */
export interface BrowserReporting {
  dsn: string;
  release: string;
}

/** The server renders a page's own parts with every text of its language (islands get their share). */
const allTexts = new Map<Lang, ReturnType<typeof textsFor>>();
function pageTexts(lang: Lang) {
  let texts = allTexts.get(lang);
  if (!texts) allTexts.set(lang, texts = textsFor(lang, Object.keys(AREAS) as Area[]));
  return texts;
}

/**
 * A part of a page rendered on the server with every text of its language,
 * for an island to put in place (the reports pages: their figures
 * need the signed-in admin's token, which only the browser holds).
 */
export function renderFragment(lang: Lang, body: ReactNode): string {
  return renderToString(<TextsProvider lang={lang} texts={pageTexts(lang)}>{body}</TextsProvider>);
}

/** The manifest link and the home-screen icon iOS reads instead. */
function webAppLinks({ app = "", brand, logo }: PageMeta): string {
  const colour = brand && /^#[0-9a-f]{6}$/i.test(brand) ? brand : DEFAULT_BRAND;
  const icon = `${app}/icons/icon-192.png?v=${iconVersion(colour, logo)}`;
  return `<link rel="manifest" href="${escapeHtml(app)}/manifest.webmanifest">` +
    `<link rel="apple-touch-icon" href="${escapeHtml(icon)}">`;
}

export function renderPage(
  manifest: Manifest,
  meta: PageMeta,
  body: ReactNode,
  reporting: BrowserReporting | null = null,
  lang: Lang = DEFAULT_LANG,
): string {
  const used = new Set<string>();
  const html = renderToString(
    <TextsProvider lang={lang} texts={pageTexts(lang)}>
      <IslandsUsed.Provider value={used}>{body}</IslandsUsed.Provider>
    </TextsProvider>,
  );
  const preload = new Set<string>();
  const scripts: string[] = [];
  for (const name of used) {
    const island = manifest.islands[name];
    if (!island) throw new Error(`Island ${name} is not in the build: run "deno task build"`);
    scripts.push(`<script type="module" src="${island.entry}"></script>`);
    for (const chunk of island.imports) preload.add(chunk);
  }
  return "<!doctype html>" +
    `<html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(meta.title)}</title>` +
    `<meta name="description" content="${escapeHtml(meta.description ?? translate(lang, DEFAULT_DESCRIPTION))}">` +
    `<meta name="theme-color" content="${meta.brand ? escapeHtml(meta.brand) : DEFAULT_THEME}">` +
    (reporting && scripts.length
      ? `<meta name="hopper-sentry" content="${escapeHtml(reporting.dsn)}" data-release="${
        escapeHtml(reporting.release)
      }">`
      : "") +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    webAppLinks(meta) +
    `<link rel="stylesheet" href="${manifest.css}">` +
    (meta.brand && /^#[0-9a-f]{6}$/i.test(meta.brand)
      ? `<link rel="stylesheet" href="${brandCssPath(meta.brand)}">`
      : "") +
    [...preload].map((href) => `<link rel="modulepreload" href="${href}">`).join("") +
    scripts.join("") +
    // A tenant's service worker, for the islands' runtime to register.
    `</head><body${meta.app ? ` data-sw="${escapeHtml(meta.app)}/sw.js"` : ""}>${html}</body></html>`;
}
