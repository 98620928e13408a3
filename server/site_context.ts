/** The Site every page renders with (components/site.ts), and the page cache key that covers it. */
import type { MapSetup } from "../components/map/types.ts";
import type { Site } from "../components/site.ts";
import type { Tenant } from "../lib/schemas.ts";
import { logoUrl, settingsOf } from "../lib/tenant_settings.ts";
import type { AppDeps, Env } from "./env.ts";

/** Builds the Site for a request: public when no tenant is on the context. */
export function siteFor(
  c: { get<K extends "tenant" | "lang">(key: K): Env["Variables"][K] | undefined; req: { path: string } },
  deps: AppDeps,
): Site {
  const tenant = c.get("tenant");
  return {
    lang: c.get("lang") ?? "en",
    path: c.req.path,
    base: tenant ? `/${tenant.code}` : "",
    tenant: tenant
      ? {
        code: tenant.code,
        name: tenant.name,
        timeZone: tenant.timezone,
        brandColor: tenant.brandColor,
        contactEmail: tenant.contactEmail ?? undefined,
        contactPhone: tenant.contactPhone ?? undefined,
        paused: tenant.status === "suspended" || undefined,
        inviteOnly: tenant.joinPolicy === "invite" || undefined,
        automatic: settingsOf(tenant).dispatchMode === "automatic" || undefined,
        logo: tenant.logo
          ? { url: logoUrl(tenant.code, tenant.logo.hash), width: tenant.logo.width, height: tenant.logo.height }
          : undefined,
      }
      : undefined,
    year: new Date(deps.clock.now()).getUTCFullYear(),
    contactEmail: deps.config.contactEmail,
  };
}

/** A cache key covering everything a page's HTML depends on. */
export function pageKey(path: string, site: Site): string {
  const t = site.tenant;
  const contacts = `${t?.contactEmail ?? ""}|${t?.contactPhone ?? ""}`;
  const paused = `${t?.paused ? "paused" : ""}${t?.inviteOnly ? "invite" : ""}${t?.automatic ? "automatic" : ""}`;
  // The logo's URL names its bytes: a new logo is a new key, so the header shows it at once.
  const logo = t?.logo?.url ?? "";
  return `${site.lang}|${path}|${t?.name ?? ""}|${t?.timeZone ?? ""}|${
    t?.brandColor ?? ""
  }|${contacts}|${paused}|${logo}|${site.year}`;
}

/**
 * What a page with a map needs (spec section 9): the tenant's service area
 * and the map style, and the part of the page's cache key they make, so a
 * changed area shows at once.
 */
export function mapFor(tenant: Tenant, deps: AppDeps): { map: MapSetup; key: string } {
  const { lat, lng, radiusMeters, label } = tenant.serviceArea;
  return {
    map: { area: { lat, lng, radiusMeters, label }, styleUrl: deps.config.mapStyleUrl },
    key: `${lat},${lng},${radiusMeters},${label}`,
  };
}
