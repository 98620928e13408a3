import type { Context } from "hono";
import type { ReactNode } from "react";
import { fingerprint } from "../lib/hash.ts";
import { encodeAll, type Encoded, encodedBody } from "./compression.ts";
import type { Manifest } from "./assets.ts";
import type { PageShortcut } from "./page_shortcut.ts";
import { type BrowserReporting, type PageMeta, renderPage } from "./render.tsx";

interface Rendered {
  body: Encoded;
  etag: string;
}

const MAX_CACHED = 2000;

export const PAGE_VARY = "accept-encoding, cookie, accept-language";

/**
 * Serves server-rendered pages. A page is rendered once per cache key (its
 * path plus whatever it depends on, such as the tenant's name) and then served
 * from memory with an ETag, so a repeat visit costs a 304.
 */
export function pageServer(
  manifest: Manifest,
  reporting: BrowserReporting | null = null,
  shortcut: PageShortcut | null = null,
) {
  const cache = new Map<string, Rendered>();
  const encoder = new TextEncoder();

  return function page(
    c: Context,
    { key, meta, status = 200 }: { key: string; meta: PageMeta; status?: 200 | 404 | 500 },
    render: () => ReactNode,
  ): Response {
    const lang = c.get("lang") ?? "en";
    let page = cache.get(key);
    if (!page) {
      // A tenant's pages wear its brand colour; its key (server/site_context.ts pageKey) names it.
      const brand = meta.brand ?? c.get("tenant")?.brandColor;
      // Each tenant's pages belong to its installable app; its code is in the path, so in the key.
      const code = c.get("tenant")?.code;
      const app = meta.app ?? (code ? `/${code}` : "");
      const logo = meta.logo ?? c.get("tenant")?.logo?.hash;
      const bytes = encoder.encode(renderPage(manifest, { ...meta, brand, app, logo }, render(), reporting, lang));
      page = { body: encodeAll(bytes), etag: `W/"${fingerprint(bytes)}"` };
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, page);
    }
    const { body, headers: encoding } = encodedBody(c.req.header("accept-encoding"), page.body);
    const own = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", etag: page.etag };
    if (status === 200 && c.req.method === "GET" && shortcut) {
      shortcut.remember(lang, c.req.path, {
        body: page.body,
        etag: page.etag,
        headers: Object.entries(own),
        route: c.req.routePath,
        tenant: c.get("tenant")?.code,
      });
    }
    // The same path reads differently per language (the `lang` cookie, else Accept-Language).
    const headers = { ...own, ...encoding, vary: PAGE_VARY };
    if (status === 200 && c.req.header("if-none-match") === page.etag) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(body, { status, headers });
  };
}

export type PageServer = ReturnType<typeof pageServer>;
