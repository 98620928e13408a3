/**
 * The world the bad-input properties attack: the demo tenant with a rider
 * (holding a pending ride), a second rider, two online drivers, a dispatcher, the admin, a
 * super admin, and a second tenant none of them belongs to.
 */
import fc from "fast-check";
import { demoTenant } from "../../kv/seed.ts";
import { createTenant } from "../../kv/tenants.ts";
import { type BodySpec, contentType } from "./arbitraries.ts";
import { forgedAuthorization, hostileSegment } from "./hostile_urls.ts";
import { type AfterWrite, Arena, type AttackRequest } from "./bad_input.ts";
import { bearer, makeApp, signIn, superAdmin } from "./app.ts";
import { changeRole } from "../../kv/members.ts";
import { CENTRE, move, requestRide, rideWorld } from "./rides.ts";
import { listPlaces } from "../../kv/places.ts";
import { createVehicle } from "../../kv/vehicles.ts";

export const OTHER_TENANT = "campus";
/** A well-formed user or ride id that names nothing. */
export const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

export async function badInputWorld() {
  const t = await makeApp({ METRICS_TOKEN: "metrics-token-metrics-token-0123" });
  const people = await rideWorld(t);
  const boss = await superAdmin(t);
  const dispatcher = await signIn(t, "8645550171", "greer");
  await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
  await createTenant(t.kv, { ...demoTenant(t.clock.now()), code: OTHER_TENANT, name: "State Campus" }, {});
  const res = await requestRide(t, people.rider.token);
  if (res.status !== 201) throw new Error(`ride request answered ${res.status}`);
  const { ride } = await res.json() as { ride: { id: string } };
  const [place] = await listPlaces(t.kv, "greer");
  const van = { name: "Bad Input Van", seats: 12, wheelchairSpaces: 2 };
  const vehicle = await createVehicle(t.kv, "greer", van, people.admin.user.id, t.clock.now());
  if (!vehicle.ok) throw new Error(`vehicle: ${vehicle.reason}`);
  return { t, ...people, dispatcher, boss, rideId: ride.id, placeId: place.id, vehicleId: vehicle.vehicle.id };
}

export type BadInputWorld = Awaited<ReturnType<typeof badInputWorld>>;
export type Who = "anon" | "forged" | "rider" | "rider2" | "driver" | "driver2" | "dispatcher" | "admin" | "boss";

/** The Authorization header of `who` in `w` (`forged` brings its own header). */
export function authorization(w: BadInputWorld, who: Who, forged: string | null = null): string | null {
  if (who === "anon") return null;
  if (who === "forged") return forged;
  return `Bearer ${w[who].token}`;
}

/** Puts a world back after a ride request was accepted: everyone but the rider cancels their active ride. */
export async function cancelNewRides(w: BadInputWorld): Promise<void> {
  for (const who of ["rider2", "driver", "driver2", "admin", "boss"] as const) {
    const mine = await w.t.request("/greer/api/rides/my", bearer(w[who].token));
    const ride = mine.status === 200 ? await mine.json() as { id: string } | null : null;
    if (ride) await move(w.t, w[who].token, ride.id, "canceled");
  }
}

/** The tenant segment: mostly the demo tenant, sometimes one the caller is not in, or hostile text. */
export const tenantSegment = fc.oneof(
  { weight: 8, arbitrary: fc.constant("greer") },
  { weight: 1, arbitrary: fc.constant(OTHER_TENANT) },
  { weight: 1, arbitrary: hostileSegment },
);

export const who = (common: Who[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...common) },
    { weight: 1, arbitrary: fc.constantFrom<Who>("anon", "forged", "rider", "rider2", "driver", "driver2", "admin") },
  );

export interface Shot {
  tenant: string;
  who: Who;
  forged: string | null;
  type: string | null;
  body: BodySpec;
}

export function shot(common: Who[], body: fc.Arbitrary<BodySpec>): fc.Arbitrary<Shot> {
  return fc.record({ tenant: tenantSegment, who: who(common), forged: forgedAuthorization, type: contentType, body });
}

export function request(w: BadInputWorld, s: Shot, method: string, path: string): AttackRequest {
  return {
    method,
    path: `/${s.tenant}/api${path}`,
    contentType: s.type,
    authorization: authorization(w, s.who, s.forged),
    body: s.body,
  };
}

/** One arena per property, all closed after the file. */
export function tenantArenas() {
  const arenas: Arena<BadInputWorld>[] = [];
  return {
    arena(afterWrite: AfterWrite<BadInputWorld>) {
      arenas.push(new Arena(badInputWorld, afterWrite));
      return arenas.at(-1)!;
    },
    closeAll: () => arenas.forEach((a) => a.close()),
    summary: () => arenas.map((a) => `${a.builds}/${a.heals}`).join(" "),
  };
}

/**
 * The same world with the demo tenant dispatching automatically (domain/rides/request_planned.ts): the driver is
 * online with the world's van, so a good request is planned into it.
 */
export async function automaticInputWorld() {
  const w = await badInputWorld();
  const settings = await w.t.request("/greer/api/admin/settings", {
    ...bearer(w.admin.token, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dispatchMode: "automatic" }),
    }),
  });
  if (settings.status !== 200) throw new Error(`settings answered ${settings.status}`);
  const online = await w.t.request("/greer/api/drivers/availability", {
    ...bearer(w.driver.token, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ isAvailable: true, location: CENTRE, vehicleId: w.vehicleId }),
    }),
  });
  if (online.status !== 200) throw new Error(`availability answered ${online.status}`);
  return w;
}
