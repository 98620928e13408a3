/** DELETE /{tenant}/api/user/{id}: super admins remove a user from a tenant. */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { move, requestRide, rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

const remove = (t: TestApp, token: string, id: string, tenant = "greer") =>
  t.request(`/${tenant}/api/user/${id}`, bearer(token, { method: "DELETE" }));

async function memberIds(t: TestApp, token: string): Promise<string[]> {
  const { users } = await (await t.request("/greer/api/users", bearer(token))).json();
  return users.map((u: { id: string }) => u.id);
}

describe("DELETE /{tenant}/api/user/{id}", () => {
  it("refuses admins with the spec's text, riders and drivers, and anyone signed out", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const res = await remove(t, w.admin.token, w.rider.user.id);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Only super admins can delete users" });
    for (const token of [w.rider.token, w.driver.token]) {
      const refused = await remove(t, token, w.rider2.user.id);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    expect((await t.request(`/greer/api/user/${w.rider.user.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await memberIds(t, w.admin.token)).toContain(w.rider.user.id);
  });

  it("removes a rider, cancels their active ride, ends their sessions and records who did it", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const root = await superAdmin(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    await move(t, w.driver.token, ride.id, "accepted");

    const res = await remove(t, root.token, w.rider.user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect(await memberIds(t, w.admin.token)).not.toContain(w.rider.user.id);
    expect((await t.kv.get(keys.member("greer", w.rider.user.id))).value).toBeNull();
    expect((await t.kv.get(keys.userTenant(w.rider.user.id, "greer"))).value).toBeNull();
    // The ride ended as canceled, so the driver's list and the rider's slot are free.
    const stored = (await t.kv.get<{ status: string }>(keys.ride("greer", ride.id))).value;
    expect(stored?.status).toBe("canceled");
    expect(await (await t.request("/greer/api/driver/rides", bearer(w.driver.token))).json()).toEqual([]);
    // A member of no tenant any more: every session ended.
    expect((await t.request("/api/users/profile", bearer(w.rider.token))).status).toBe(401);

    // rideWorld's role grant is audited too: the removal is the one "user.removed".
    const [audit] = (await listAudit(t.kv, "greer")).filter((a) => a.action === "user.removed");
    expect(audit).toMatchObject({
      action: "user.removed",
      by: root.user.id,
      target: w.rider.user.id,
      details: { roles: ["rider"], canceledRides: [ride.id] },
    });
    expect(t.log.events.find((e) => e.event === "user.removed")).toMatchObject({
      tenant: "greer",
      userId: w.rider.user.id,
      by: root.user.id,
      canceledRides: 1,
      sessionsEnded: 1,
      auditId: audit.id,
    });
    expect(t.log.events.findLast((e) => e.event === "ride.status")).toMatchObject({
      rideId: ride.id,
      from: "accepted",
      to: "canceled",
      userId: root.user.id,
    });
    // The rest of the tenant is untouched.
    expect(await memberIds(t, w.admin.token)).toContain(w.rider2.user.id);
  });

  it("removes an online driver: their rides are canceled and riders no longer see them available", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const root = await superAdmin(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    await move(t, w.driver2.token, ride.id, "accepted");
    await move(t, w.driver2.token, ride.id, "on-the-way");
    const before = await (await t.request("/greer/api/drivers/available", bearer(w.rider.token))).json();
    expect(before.map((d: { id: string }) => d.id)).toContain(w.driver2.user.id);

    expect((await remove(t, root.token, w.driver2.user.id)).status).toBe(200);
    expect((await t.kv.get(keys.driver("greer", w.driver2.user.id))).value).toBeNull();
    const after = await (await t.request("/greer/api/drivers/available", bearer(w.rider.token))).json();
    expect(after.map((d: { id: string }) => d.id)).toEqual([w.driver.user.id]);
    // The rider's ride was canceled: they may ask again.
    expect(await (await t.request("/greer/api/rides/my", bearer(w.rider.token))).json()).toBeNull();
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });

  it("keeps the sessions of someone who still belongs to another tenant", async () => {
    using t = await makeApp();
    await addCampus(t);
    const root = await superAdmin(t);
    const both = await signIn(t, "8645550142", "greer");
    await signIn(t, "8645550142", "campus");
    expect((await remove(t, root.token, both.user.id)).status).toBe(200);
    expect(await (await t.request("/campus/api/user/roles", bearer(both.token))).json()).toEqual({ roles: ["rider"] });
    expect(await (await t.request("/greer/api/user/roles", bearer(both.token))).json()).toEqual({ roles: [] });
  });

  it("answers 404 for an unknown user or a non-member, and 403 for a super admin", async () => {
    using t = await makeApp();
    const root = await superAdmin(t);
    const other = await superAdmin(t, "8645550151");
    expect((await remove(t, root.token, "01UNKNOWN000000000000000000")).status).toBe(404);
    const outsider = await signIn(t, "8645550142");
    const res = await remove(t, root.token, outsider.user.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "User not found" });
    const superRes = await remove(t, root.token, other.user.id);
    expect(superRes.status).toBe(403);
    expect(await superRes.json()).toEqual({ error: "A super admin cannot be deleted" });
    // Twice is once: the second call finds no member.
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await remove(t, root.token, admin.user.id)).status).toBe(200);
    expect((await remove(t, root.token, admin.user.id)).status).toBe(404);
    expect(await listAudit(t.kv, "greer")).toHaveLength(1);
  });
});
