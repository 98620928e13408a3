/**
 * The installable web app, mounted at the site root (Hopper's own)
 * and under each tenant:
 *
 * - GET {base}/manifest.webmanifest: the web app manifest (lib/web_app.ts), in the request's language.
 * - GET {base}/icons/icon-192.png, icon-512.png, icon-maskable-512.png: the tenant's logo on white when it has one,
 *   else the Hopper mark on its brand colour (lib/images/app_icon.ts), drawn once and kept in memory.
 * - GET /{tenant}/sw.js: the tenant's service worker (server/service_worker_source.ts), scope /{tenant}/.
 */
import type { Store } from "../kv/store.ts";
import { type Context, Hono } from "hono";
import { fingerprint } from "../lib/hash.ts";
import { translate } from "../lib/i18n/catalogue.ts";
import { appIconPng, type IconPurpose, logoIconPng } from "../lib/images/app_icon.ts";
import { decodeImage } from "../lib/images/codecs.ts";
import type { ImageType } from "../lib/images/sniff.ts";
import type { Tenant } from "../lib/schemas.ts";
import { getTenantLogo } from "../kv/tenant_logos.ts";
import { DEFAULT_BRAND } from "../lib/tenant_settings.ts";
import { APP_ICON_ROUTE, APP_ICONS, iconVersion, webAppManifest } from "../lib/web_app.ts";
import type { Assets } from "../server/assets.ts";
import type { Env } from "../server/env.ts";
import { PAGE_VARY } from "../server/page_cache.ts";
import { serviceWorkerSource, workerSettings } from "../server/service_worker_source.ts";

const LOGO_TYPES: Record<string, ImageType> = { "image/webp": "webp", "image/png": "png", "image/jpeg": "jpeg" };

/** Colours whose icons are kept; past it the memory starts again (each set is about 40 KB). */
const MAX_KEPT_ICONS = 300;

interface Kept {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

function keep(body: string | Uint8Array<ArrayBuffer>): Kept {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return { bytes, etag: `"${fingerprint(bytes)}"` };
}

function answer(c: Context, { bytes, etag }: Kept, headers: Record<string, string>): Response {
  const all = { ...headers, etag };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, all);
  return c.body(bytes, 200, all);
}

/** `worker`: under a tenant, which has a service worker; the public site has none. */
export function webAppRoutes(kv: Store, assets: Assets, { worker = false }: { worker?: boolean } = {}) {
  const app = new Hono<Env>();
  const icons = new Map<string, Promise<Kept>>();

  app.get("/manifest.webmanifest", (c) => {
    const tenant = c.get("tenant");
    const lang = c.get("lang") ?? "en";
    const manifest = tenant
      ? webAppManifest({
        base: `/${tenant.code}`,
        name: translate(lang, "{name} Shuttle", { name: tenant.name }),
        shortName: tenant.name,
        description: translate(lang, "Request a ride from {name}'s shuttle.", { name: tenant.name }),
        lang,
        brand: tenant.brandColor,
        logo: tenant.logo?.hash,
      })
      : webAppManifest({
        base: "",
        name: "Hopper",
        shortName: "Hopper",
        description: translate(lang, "On-demand shuttles for your community"),
        lang,
      });
    return answer(c, keep(JSON.stringify(manifest)), {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": "no-cache",
      vary: PAGE_VARY,
    });
  });

  /** The logo's icon, or the mark's when the logo cannot be read (it was replaced meanwhile, or does not decode). */
  async function drawIcon(tenant: Tenant | undefined, brand: string, size: number, purpose: IconPurpose) {
    const stored = tenant?.logo ? await getTenantLogo(kv, tenant.code) : null;
    if (stored && stored.hash === tenant?.logo?.hash) {
      try {
        const pixels = await decodeImage(stored.bytes, LOGO_TYPES[stored.contentType]);
        return await logoIconPng(pixels, size, purpose);
      } catch {
        // The stored logo was made by lib/images/logo.ts and decodes; should it not, the mark stands in.
      }
    }
    return await appIconPng(size, brand, purpose);
  }

  app.get(APP_ICON_ROUTE, async (c) => {
    const { size, purpose } = APP_ICONS[c.req.param("file")];
    const tenant = c.get("tenant");
    const brand = tenant?.brandColor ?? DEFAULT_BRAND;
    const version = iconVersion(brand, tenant?.logo?.hash);
    const key = `${tenant?.logo ? tenant.code : ""}|${version}|${size}|${purpose}`;
    let icon = icons.get(key);
    if (!icon) {
      if (icons.size >= MAX_KEPT_ICONS) icons.clear();
      icon = drawIcon(tenant, brand, size, purpose).then((png) => keep(png as Uint8Array<ArrayBuffer>));
      icons.set(key, icon);
      icon.catch(() => icons.delete(key));
    }
    // The manifest names the icons with their colour and logo (?v=): that URL may be kept for good, others checked.
    const current = c.req.query("v") === version;
    return answer(c, await icon, {
      "content-type": "image/png",
      "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
    });
  });

  if (!worker) return app;
  app.get("/sw.js", (c) => {
    return answer(c, keep(serviceWorkerSource(workerSettings(c.get("tenant"), assets))), {
      "content-type": "text/javascript; charset=utf-8",
      // Browsers look for a new worker at every visit; no-cache makes each look ask the server.
      "cache-control": "no-cache",
    });
  });

  return app;
}
