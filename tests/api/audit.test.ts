/**
 * The audit trail read back: a tenant's admins read theirs
 * newest first, 50 a page; super admins read every tenant's; role changes,
 * schedule saves and trip deletions are recorded with who did them.
 */
import { describe, expect, it } from "vitest";
import { addAudit } from "../../kv/audit.ts";
import { updateUser } from "../../kv/users.ts";
import { DEMO_ADMIN_PHONE, DEMO_SCHEDULE } from "../../kv/seed.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { post, put, requestRide, rideWorld } from "../helpers/rides.ts";

const PATH = "/greer/api/admin/audit";

describe("audit API", () => {
  it("records a role grant, a schedule save and a trip deletion, newest first, with names", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    await updateUser(t.kv, admin.user.id, (u) => ({ ...u, name: "Ada" }));
    const dee = await signIn(t, "8645550177", "greer");
    await updateUser(t.kv, dee.user.id, (u) => ({ ...u, name: "Dee Driver" }));
    t.clock.advance(1000);
    expect((await t.request(`/greer/api/user/${dee.user.id}/roles`, post(admin.token, { role: "driver" }))).status)
      .toBe(200);
    t.clock.advance(1000);
    expect((await t.request("/greer/api/admin/schedule", put(admin.token, { schedule: DEMO_SCHEDULE }))).status).toBe(
      200,
    );
    t.clock.advance(1000);
    const asked = await requestRide(t, rider.token);
    expect(asked.status).toBe(201);
    const { ride } = await asked.json();
    expect((await t.request(`/greer/api/rides/${ride.id}`, bearer(admin.token, { method: "DELETE" }))).status)
      .toBe(200);

    const res = await t.request(PATH, bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-next-cursor")).toBeNull();
    const entries = await res.json();
    expect(entries.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      "ride.deleted",
      "schedule.saved",
      "role.granted",
    ]);
    expect(entries[2]).toMatchObject({
      by: admin.user.id,
      byName: "Ada",
      target: dee.user.id,
      targetName: "Dee Driver",
      tenant: "greer",
      details: { role: "driver" },
    });
    expect(entries[0]).toMatchObject({ target: ride.id, details: { status: "pending" }, byName: "Ada" });
    expect(Object.keys(entries[0]).sort()).toEqual(
      ["action", "at", "by", "byName", "details", "id", "target", "targetName", "tenant"],
    );
  });

  it("pages 50 at a time with X-Next-Cursor, and refuses a bad cursor with 400", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const op = t.kv.atomic();
    for (let i = 0; i < 60; i++) {
      addAudit(op, "greer", { at: 1000 + i, action: "place.created", by: "admin CLI", target: `p${i}`, details: {} });
    }
    await op.commit();
    const first = await t.request(PATH, bearer(admin.token));
    const page1 = await first.json();
    expect(page1).toHaveLength(50);
    expect(page1[0]).toMatchObject({ target: "p59", byName: "admin CLI" });
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await t.request(`${PATH}?cursor=${encodeURIComponent(cursor!)}`, bearer(admin.token));
    const page2 = await second.json();
    expect(page2.map((e: { target: string }) => e.target)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${9 - i}`),
    );
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const bad = await t.request(`${PATH}?cursor=%21%21`, bearer(admin.token));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid cursor" });
  });

  it("answers 401 signed out and 403 to a rider; a super admin reads every tenant's at /api/super/audit", async () => {
    using t = await makeApp();
    await addCampus(t);
    const rider = await signIn(t, "8645550142", "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await t.request(PATH)).status).toBe(401);
    const refused = await t.request(PATH, bearer(rider.token));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Access denied - admin privileges required" });
    const op = t.kv.atomic();
    addAudit(op, "greer", { at: 10, action: "schedule.saved", by: "admin CLI", target: "greer", details: {} });
    addAudit(op, "campus", { at: 20, action: "settings.changed", by: "admin CLI", target: "campus", details: {} });
    await op.commit();

    const boss = await superAdmin(t);
    expect((await t.request("/api/super/audit")).status).toBe(401);
    const denied = await t.request("/api/super/audit", bearer(admin.token));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: "Access denied - super admin privileges required" });
    const all = await (await t.request("/api/super/audit", bearer(boss.token))).json();
    expect(all.map((e: { tenant: string; targetName: string }) => [e.tenant, e.targetName])).toEqual([
      ["campus", "State Campus"],
      ["greer", "City of Greer"],
    ]);
    // The tenant's own list holds only its records.
    const own = await (await t.request("/campus/api/admin/audit", bearer(boss.token))).json();
    expect(own.map((e: { action: string }) => e.action)).toEqual(["settings.changed"]);
  });
});
