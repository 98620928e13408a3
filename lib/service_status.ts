/**
 * A paused organisation (the provider suspends a tenant): no new
 * rides and no driver going online; its rider and driver pages say so.
 * Admins still sign in and use everything. One text for the server's 503
 * and for the pages.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Tenant } from "./schemas.ts";

export const SERVICE_PAUSED: Text = "This service is paused. Contact {organisation} for details.";

export function isPaused(tenant: Pick<Tenant, "status">): boolean {
  return tenant.status === "suspended";
}

/** The 503 text in English (server/middleware/language.ts words it in the request's language). */
export function pausedText(tenant: Pick<Tenant, "name">): string {
  return SERVICE_PAUSED.replace("{organisation}", tenant.name);
}
