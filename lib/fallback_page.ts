/**
 * Where the access guard sends a person refused a page: a dispatcher to the console, a driver to the driver page,
 * anyone else to the rider page. Apart from lib/roles.ts, so the login page, which needs the roles but never refuses
 * a page, does not load it.
 */
import type { Role } from "./roles.ts";

export function fallbackPage(roles: readonly Role[]): "dispatch" | "driver" | "rider" {
  return roles.includes("dispatcher") ? "dispatch" : roles.includes("driver") ? "driver" : "rider";
}
