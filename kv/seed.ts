/**
 * The demo tenant, its staff and places (domain/tenants/demo.ts makes them on
 * the first start against an empty store, so a fresh machine shows a working
 * service), and the store's mark that the seed ran.
 */
import type { Store } from "./store.ts";
import type { Schedule, Tenant } from "../lib/schemas.ts";
import type { PlaceInput } from "../lib/places.ts";
import type { VehicleInput } from "../lib/vehicles.ts";
import { keys } from "./keys.ts";

/** Demo staff of the demo tenant (555-01xx numbers are reserved for fiction). */
export const DEMO_ADMIN_PHONE = "8645550100";
export const DEMO_DRIVER_PHONE = "8645550101";

const weekday = [{ start: "07:00", end: "19:00" }];

export const DEMO_SCHEDULE: Schedule = {
  "0": [],
  "1": weekday,
  "2": weekday,
  "3": weekday,
  "4": weekday,
  "5": weekday,
  "6": [],
};

export function demoTenant(now: number): Tenant {
  return {
    code: "greer",
    name: "City of Greer",
    timezone: "America/New_York",
    serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
    createdAt: now,
  };
}

/** A few places inside the demo area, named plainly, so a newcomer meets the feature at once. */
export const DEMO_PLACES: PlaceInput[] = [
  { name: "City Hall", lat: 34.9366, lng: -82.2253, note: null },
  { name: "Greer Station", lat: 34.9384, lng: -82.2279, note: "Trade Street side" },
  { name: "Greer City Park", lat: 34.9372, lng: -82.2296, note: null },
  { name: "Public Library", lat: 34.9447, lng: -82.2237, note: "main entrance" },
];

/**
 * The demo's fleet on a first start: a van that takes wheelchairs, which the
 * demo driver drives, and a car, named as a dispatcher would call them.
 */
export const DEMO_VEHICLES: VehicleInput[] = [
  { name: "Van 1", seats: 12, wheelchairSpaces: 2 },
  { name: "Car 2", seats: 6, wheelchairSpaces: 0 },
];

/** The mark a store carries once the demo seed ran (domain/tenants/demo.ts): read, to be checked by the commit. */
export function seedMark(kv: Store): Promise<Deno.KvEntryMaybe<unknown>> {
  return kv.get(keys.meta("initialized"));
}

/** Sets the mark in `op`, which fails when another process set it since `mark` was read. */
export function setSeedMark(op: Deno.AtomicOperation, mark: Deno.KvEntryMaybe<unknown>, now: number): void {
  op.check(mark).set(keys.meta("initialized"), { at: now });
}

/** Whether the store holds any tenant. */
export async function hasTenants(kv: Store): Promise<boolean> {
  return !(await kv.list({ prefix: keys.tenants() }, { limit: 1 }).next()).done;
}
