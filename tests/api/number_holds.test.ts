/**
 * What a tenant holds against a number outlives the account: a blocked or
 * paused rider who deletes their account and signs in again with the same
 * number meets the block, or the pause until its end. Kept by a keyed hash of
 * the number, never the number; listed in the person's data export.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { getMembership } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { bearer, makeApp, postJson, sentCode, signIn, superAdmin } from "../helpers/app.ts";
import { CENTRE, move, put, requestRide, rideWorld, type TestApp, waitAtPickup } from "../helpers/rides.ts";

const RIDER = "8645550142";
const SUSPENDED = "Your access to this service has been suspended.";
const DAY = 24 * 60 * 60 * 1000;

const block = (t: TestApp, token: string, id: string, blocked: boolean) =>
  t.request(`/greer/api/users/${id}/blocked`, bearer(token, { ...postJson({ blocked }), method: "PUT" }));
const deleteMe = (t: TestApp, token: string) =>
  t.request("/api/users/me", bearer(token, { ...postJson({ phoneLastFour: RIDER.slice(-4) }), method: "DELETE" }));

/** The holds on numbers as a copy of the store shows them: key and value of each, as text. */
async function holdEntries(kv: Store): Promise<string[]> {
  return await Array.fromAsync(kv.list({ prefix: ["number_holds"] }), (e) => JSON.stringify([e.key, e.value]));
}

async function signInAt(t: TestApp, phone: string, tenantCode: string) {
  await t.request("/api/auth/login", postJson({ phoneNumber: phone }));
  return await t.request("/api/auth/verify", postJson({ phoneNumber: phone, code: sentCode(t, phone), tenantCode }));
}

async function noShows(t: TestApp, w: Awaited<ReturnType<typeof rideWorld>>, n: number) {
  for (let i = 0; i < n; i++) {
    await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: true, location: CENTRE }));
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    for (const step of ["accepted", "on-the-way", "no-show"]) {
      if (step === "no-show") await waitAtPickup(t, w.driver.token);
      expect((await move(t, w.driver.token, ride.id, step)).status).toBe(200);
    }
    t.clock.advance(60_000);
  }
}

describe("a block outlives the account", () => {
  it("refuses the number's next sign-in at the tenant after the account is deleted, and not elsewhere", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    expect((await block(t, admin.token, rider.user.id, true)).status).toBe(200);
    expect((await deleteMe(t, rider.token)).status).toBe(204);

    // A login answers as any other (it must not tell who is blocked) and texts nothing; a right code hears it.
    const textsBefore = t.sms.sent.length;
    const login = await t.request("/api/auth/login", postJson({ phoneNumber: RIDER, tenantCode: "greer" }));
    expect(login.status).toBe(200);
    expect(t.sms.sent.length).toBe(textsBefore);
    const verify = await signInAt(t, RIDER, "greer");
    expect(verify.status).toBe(403);
    expect(await verify.json()).toEqual({ error: SUSPENDED });

    // Signing in with no organisation named makes a new account, and it is still blocked at Greer.
    t.clock.advance(16 * 60_000); // past the number's 3 codes in 15 minutes
    const fresh = await signIn(t, RIDER);
    expect(fresh.user.id).not.toBe(rider.user.id);
    expect((await signInAt(t, RIDER, "greer")).status).toBe(403);
    // The hold is kept by a hash of the number: the number itself is not in it.
    const holds = await holdEntries(t.kv);
    expect(holds).toHaveLength(1);
    expect(holds[0]).not.toContain(RIDER);
    expect(holds[0]).toContain('"blocked":true');

    // The export of the new account says what Greer holds against the number.
    const exported = await (await t.request("/api/users/me/export", bearer(fresh.token))).json();
    expect(exported.heldAgainstNumber).toEqual([
      { tenant: "greer", name: "City of Greer", blocked: true, pausedUntil: null },
    ]);
    expect(exported.memberships).toEqual([]);
  });

  it("comes back with the number when an admin adds it, and unblocking there lets it sign in", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    await block(t, admin.token, rider.user.id, true);
    await deleteMe(t, rider.token);
    const textsBefore = t.sms.sent.length;

    const added = await t.request(
      "/greer/api/users",
      bearer(admin.token, postJson({ phoneNumber: RIDER, roles: ["rider"] })),
    );
    expect(added.status).toBe(201);
    const { user } = await added.json();
    expect(user).toMatchObject({ phoneNumber: RIDER, blocked: true });
    // A blocked person is not told they were added.
    expect(t.sms.sent.length).toBe(textsBefore);
    // The membership holds the block now, the number no longer.
    expect(await holdEntries(t.kv)).toEqual([]);

    expect((await block(t, admin.token, user.id, false)).status).toBe(200);
    expect((await signInAt(t, RIDER, "greer")).status).toBe(200);
  });

  it("is kept when a super admin removes the blocked person from the tenant", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    await block(t, admin.token, rider.user.id, true);
    const boss = await superAdmin(t);
    expect((await t.request(`/greer/api/user/${rider.user.id}`, bearer(boss.token, { method: "DELETE" }))).status)
      .toBe(200);
    expect((await signInAt(t, RIDER, "greer")).status).toBe(403);
  });
});

describe("a no-show pause outlives the account", () => {
  it("pauses the new account's requests until the pause's end, shows it to admins, and an admin may lift it", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await noShows(t, w, 3);
    const until = (await (await t.request("/greer/api/rides/standing", bearer(w.rider.token))).json()).suspendedUntil;
    expect(until).toBeGreaterThan(t.clock.now());
    expect((await deleteMe(t, w.rider.token)).status).toBe(204);

    const again = await signInAt(t, RIDER, "greer");
    expect(again.status).toBe(200);
    const { token, user } = await again.json();
    expect(await getMembership(t.kv, "greer", user.id)).toMatchObject({ roles: ["rider"], pausedUntil: until });
    const refused = await requestRide(t, token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/^Ride requests are paused until Monday, January 12/);
    const standing = await (await t.request("/greer/api/rides/standing", bearer(token))).json();
    expect(standing).toMatchObject({ noShows: 0, suspendedUntil: until });
    const { users } = await (await t.request("/greer/api/users", bearer(w.admin.token))).json();
    expect(users.find((u: { id: string }) => u.id === user.id)).toMatchObject({ suspendedUntil: until });
    // The data export says so while it lasts.
    const exported = await (await t.request("/api/users/me/export", bearer(token))).json();
    expect(exported.memberships).toEqual([expect.objectContaining({ tenant: "greer", pausedUntil: until })]);

    const lifted = await t.request(
      `/greer/api/users/${user.id}/suspension`,
      bearer(w.admin.token, { method: "DELETE" }),
    );
    expect(lifted.status).toBe(204);
    expect(await getMembership(t.kv, "greer", user.id)).not.toHaveProperty("pausedUntil");
    await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: true, location: CENTRE }));
    expect((await requestRide(t, token)).status).toBe(201);
  });

  it("ends at its end: a sign-in after it starts with no pause", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await noShows(t, w, 3);
    await deleteMe(t, w.rider.token);
    t.clock.advance(8 * DAY);
    const again = await signInAt(t, RIDER, "greer");
    expect(again.status).toBe(200);
    const { token, user } = await again.json();
    expect(await getMembership(t.kv, "greer", user.id)).not.toHaveProperty("pausedUntil");
    await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: true, location: CENTRE }));
    expect((await requestRide(t, token)).status).toBe(201);
  });
});

describe("the privacy page", () => {
  it("says that a block or a pause is kept by the number and outlives the account, in both languages", async () => {
    using t = await makeApp();
    const en = await (await t.request("/privacy")).text();
    expect(en).toContain(
      "If an organization blocked you, or paused your ride requests after missed pickups, it keeps that against your phone number, not your account: deleting your account does not lift it",
    );
    const es = await (await t.request("/privacy", { headers: { "accept-language": "es" } })).text();
    expect(es).toContain(
      "Si una organización le bloqueó, o pausó sus solicitudes de viaje por recogidas perdidas, lo guarda con su número de teléfono, no con su cuenta: eliminar su cuenta no lo levanta",
    );
  });
});
