/**
 * A tenant's named places. One commit writes a place with its
 * name key, which makes names unique per tenant (folded: lib/places.ts), and
 * the tenant's places head, which every create checks, so the count cannot
 * pass MAX_PLACES when two admins add at once. A lost race reads again.
 */
import type { Store } from "./store.ts";
import { ulid } from "../lib/ids.ts";
import { byName, foldName, MAX_PLACES, type Place, type PlaceInput, type StoredPlace } from "../lib/places.ts";
import { type PlaceParts, placeParts } from "../lib/ride_request.ts";
import { ID_PATTERN } from "../lib/schemas.ts";
import { addAudit } from "./audit.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";

export type PlaceWrite =
  | { ok: true; place: Place }
  | { ok: false; reason: "name_taken" | "full" | "not_found" };

/** The API's view of a stored place. */
export function publicPlace(p: StoredPlace): Place {
  return { id: p.id, name: p.name, lat: p.lat, lng: p.lng, note: p.note };
}

/** The tenant's places, sorted by name. */
export async function listPlaces(kv: Store, tenant: string): Promise<Place[]> {
  const out: Place[] = [];
  for await (const e of kv.list<StoredPlace>({ prefix: keys.places(tenant) })) out.push(publicPlace(e.value));
  return out.sort(byName);
}

/** One of the tenant's places, or null (another tenant's id finds nothing). */
export async function getPlace(kv: Store, tenant: string, id: string): Promise<Place | null> {
  const entry = await kv.get<StoredPlace>(keys.place(tenant, id));
  return entry.value ? publicPlace(entry.value) : null;
}

async function countPlaces(kv: Store, tenant: string): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: keys.places(tenant) }, { limit: MAX_PLACES + 1 })) n++;
  return n;
}

/**
 * Adds a place: refused when its name is taken or the tenant has MAX_PLACES
 * already. `by` is the admin, recorded in the audit trail; null for the
 * product's own places (the demo tenant's), which no one did.
 */
export function createPlace(
  kv: Store,
  tenant: string,
  input: PlaceInput,
  by: string | null,
  now: number,
): Promise<PlaceWrite> {
  return commitWithRetry<PlaceWrite>("add the place", async () => {
    const head = await kv.get(keys.placesHead(tenant));
    const nameKey = keys.placeByName(tenant, foldName(input.name));
    const taken = await kv.get(nameKey);
    if (taken.value) return { ok: false, reason: "name_taken" };
    if (await countPlaces(kv, tenant) >= MAX_PLACES) return { ok: false, reason: "full" };
    const place: StoredPlace = { id: ulid(now), tenant, ...input, createdAt: now, updatedAt: now };
    const op = kv.atomic()
      .check(head)
      .check(taken)
      .set(keys.place(tenant, place.id), place)
      .set(nameKey, place.id)
      .set(keys.placesHead(tenant), now);
    if (by) {
      addAudit(op, tenant, { at: now, action: "place.created", by, target: place.id, details: { name: place.name } });
    }
    return await committed(op, { ok: true as const, place: publicPlace(place) });
  });
}

/** Changes a place's name, point or note; the old name is free again once the new one is held. */
export function updatePlace(
  kv: Store,
  tenant: string,
  id: string,
  input: PlaceInput,
  by: string,
  now: number,
): Promise<PlaceWrite> {
  return commitWithRetry<PlaceWrite>("change the place", async () => {
    const current = await kv.get<StoredPlace>(keys.place(tenant, id));
    if (!current.value) return { ok: false, reason: "not_found" };
    const oldKey = keys.placeByName(tenant, foldName(current.value.name));
    const newKey = keys.placeByName(tenant, foldName(input.name));
    const renamed = foldName(current.value.name) !== foldName(input.name);
    const op = kv.atomic().check(current);
    if (renamed) {
      const taken = await kv.get(newKey);
      if (taken.value) return { ok: false, reason: "name_taken" };
      op.check(taken).delete(oldKey).set(newKey, id);
    }
    const place: StoredPlace = { ...current.value, ...input, updatedAt: now };
    op.set(keys.place(tenant, id), place).set(keys.placesHead(tenant), now);
    addAudit(op, tenant, { at: now, action: "place.changed", by, target: id, details: { name: place.name } });
    return await committed(op, { ok: true as const, place: publicPlace(place) });
  });
}

/** Removes a place and frees its name. Rides asked from it keep the name and point they were given. */
export function deletePlace(kv: Store, tenant: string, id: string, by: string, now: number): Promise<boolean> {
  return commitWithRetry<boolean>("remove the place", async () => {
    const current = await kv.get<StoredPlace>(keys.place(tenant, id));
    if (!current.value) return false;
    const op = kv.atomic()
      .check(current)
      .delete(keys.place(tenant, id))
      .delete(keys.placeByName(tenant, foldName(current.value.name)))
      .set(keys.placesHead(tenant), now);
    addAudit(op, tenant, { at: now, action: "place.deleted", by, target: id, details: { name: current.value.name } });
    return await committed(op, true);
  });
}

/** A ride request's place ids, as they arrive. */
export interface PlaceIds {
  pickupPlaceId?: unknown;
  dropoffPlaceId?: unknown;
}

/**
 * The tenant's places a ride request names by id, or null when an id is not
 * one of this tenant's places (another tenant's id included). An absent or
 * null id names nothing.
 */
export async function placesOfRequest(kv: Store, tenant: string, ids: PlaceIds): Promise<PlaceParts | null> {
  const find = async (id: unknown) => {
    if (id === undefined || id === null) return undefined;
    if (typeof id !== "string" || !ID_PATTERN.test(id)) return null;
    return await getPlace(kv, tenant, id);
  };
  const [pickup, dropoff] = await Promise.all([find(ids.pickupPlaceId), find(ids.dropoffPlaceId)]);
  if (pickup === null || dropoff === null) return null;
  return placeParts(pickup, dropoff);
}
