/**
 * The text of /{tenant}/sw.js: the worker of browser/service_worker.ts
 * called with this tenant's settings. Its version is the build's hash (the
 * release) and a fingerprint of what it keeps, so a new build, or a tenant's
 * new colour or logo, makes a new worker the open pages offer to load.
 */
import { fingerprint } from "../lib/hash.ts";
import type { Tenant } from "../lib/schemas.ts";
import { logoUrl } from "../lib/tenant_settings.ts";
import { serviceWorker, type WorkerSettings } from "../browser/service_worker.ts";
import type { Assets } from "./assets.ts";
import { brandCssPath } from "./render.tsx";

/** The tenant's pages the worker keeps: the screens that must open with no signal, and the way in. */
export const SHELL_PAGES = ["rider", "driver", "login"] as const;

/** Files at the site root every screen may show (server/assets.ts ROOT_FILES): the map pins and the icon. */
const PINS = ["/shuttle.png", "/flag.png", "/person.png", "/favicon.svg"];

export function workerSettings(tenant: Tenant, assets: Assets): WorkerSettings {
  const base = `/${tenant.code}`;
  const { manifest } = assets;
  const files = [
    ...new Set([
      manifest.css,
      ...(manifest.shell ?? Object.values(manifest.islands).flatMap((i) => [i.entry, ...i.imports])),
      ...PINS,
      ...(tenant.brandColor ? [brandCssPath(tenant.brandColor)] : []),
      ...(tenant.logo ? [logoUrl(tenant.code, tenant.logo.hash)] : []),
    ]),
  ].filter((f) => f && (!f.startsWith("/build/") || assets.files.has(f)));
  const pages = SHELL_PAGES.map((p) => `${base}/${p}`);
  const kept = new TextEncoder().encode(JSON.stringify([pages, files]));
  return { version: `${assets.release ?? "dev"}-${fingerprint(kept)}`, base, pages, files };
}

/** The worker's source, as served. */
export function serviceWorkerSource(settings: WorkerSettings): string {
  return `// Hopper's service worker, release ${settings.version}.\n(${serviceWorker.toString()})(${
    JSON.stringify(settings)
  });\n`;
}
