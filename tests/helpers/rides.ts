/** Fixtures for ride tests: signed-in people of the demo tenant and points inside and outside its area. */
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { bearer, makeApp, postJson, signIn } from "./app.ts";

export type TestApp = Awaited<ReturnType<typeof makeApp>>;

/** Downtown Greer, the demo service area's centre (radius 805 m). */
export const CENTRE = { lat: 34.9387, lng: -82.2271 };
/** About 300 m north-east of the centre. */
export const INSIDE = { lat: 34.9410, lng: -82.2250 };
export const INSIDE_2 = { lat: 34.9370, lng: -82.2290 };
/** About 3 km away. */
export const OUTSIDE = { lat: 34.9650, lng: -82.2271 };

export function put(token: string, body: unknown): RequestInit {
  return bearer(token, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export function post(token: string, body: unknown): RequestInit {
  return bearer(token, postJson(body));
}

/** The demo tenant with a rider, the demo driver online inside the area, a second driver and the admin. */
export async function rideWorld(t: TestApp) {
  const rider = await signIn(t, "8645550142", "greer");
  const rider2 = await signIn(t, "8645550143", "greer");
  const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
  const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
  const driver2 = await signIn(t, "8645550160", "greer");
  await t.request(`/greer/api/user/${driver2.user.id}/roles`, post(admin.token, { role: "driver" }));
  for (const d of [driver, driver2]) {
    const res = await t.request(
      "/greer/api/drivers/availability",
      put(d.token, { isAvailable: true, location: CENTRE }),
    );
    if (res.status !== 200) throw new Error(`availability answered ${res.status}`);
  }
  return { rider, rider2, driver, driver2, admin };
}

export async function requestRide(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  return await t.request(
    "/greer/api/rides",
    post(token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, ...body }),
  );
}

export async function move(t: TestApp, token: string, id: string, status: string) {
  return await t.request(`/greer/api/rides/${id}`, put(token, { status }));
}

/** The demo tenant's wait at the pickup before a no-show, until an admin sets another (lib/no_show.ts). */
export const WAIT_MS = 3 * 60_000;

/**
 * The driver reports their position at the pickup (INSIDE unless told) and waits there the tenant's wait on the
 * test's clock: a no-show is allowed from then on (lib/no_show_wait.ts).
 */
export async function waitAtPickup(t: TestApp, token: string, pickup = INSIDE, waitMs = WAIT_MS) {
  const res = await t.request("/greer/api/users/location", put(token, { location: pickup }));
  if (res.status !== 200) throw new Error(`location answered ${res.status}`);
  t.clock.advance(waitMs);
}

/** What createRide (kv/rides.ts) takes for a rider of the demo tenant asking at its centre. */
export function newRide(rider: string) {
  return {
    tenant: "greer",
    timeZone: "America/New_York",
    creatorId: rider,
    pickup: CENTRE,
    dropoff: null,
    destination: "City Hall",
    passengerCt: 1,
    rider: { name: null, phoneNumber: "8645550142", photoUrl: null },
  };
}
