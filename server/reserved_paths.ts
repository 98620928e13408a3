/**
 * Every top-level path the site serves is a code no tenant may take
 * (lib/schemas.ts RESERVED_CODES): a tenant at /icons would be hidden by the
 * site's own icons. The list is written out once for the validators (the
 * admin CLI, the provider's console and their forms); this check, run when
 * the app is assembled, derives the paths from the app's own routes, so a new
 * top-level path missing from the list stops the server (and every test)
 * instead of being forgotten.
 */
import { RESERVED_CODES } from "../lib/schemas.ts";

/** The first segment of each route pattern that is a fixed name (not a parameter, nor a wildcard). */
export function topLevelPaths(routes: readonly { path: string }[]): string[] {
  const names = new Set<string>();
  for (const { path } of routes) {
    const first = path.split("/")[1] ?? "";
    if (first && !first.startsWith(":") && !first.includes("*")) names.add(first);
  }
  return [...names].sort();
}

/** Throws, naming them, when some top-level paths of `routes` are not reserved codes. */
export function assertReservedPaths(routes: readonly { path: string }[]): void {
  const missing = topLevelPaths(routes).filter((name) => !RESERVED_CODES.has(name));
  if (missing.length) {
    throw new Error(`Top-level paths missing from RESERVED_CODES (lib/schemas.ts): ${missing.join(", ")}`);
  }
}
