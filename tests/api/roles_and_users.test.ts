import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { addCampus, bearer, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";

const RIDER = "8645550142";

describe("GET /{tenant}/api/user/roles", () => {
  it("answers the caller's roles in that tenant, from KV on every call", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER, "greer");
    const res = await t.request("/greer/api/user/roles", bearer(rider.token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ roles: ["rider"] });

    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect(await (await t.request("/greer/api/user/roles", bearer(admin.token))).json()).toEqual({ roles: ["admin"] });
    // The admin removes nothing they may not: granting driver changes the rider's roles at once.
    await t.request(`/greer/api/user/${rider.user.id}/roles`, bearer(admin.token, postJson({ role: "driver" })));
    expect(await (await t.request("/greer/api/user/roles", bearer(rider.token))).json()).toEqual({
      roles: ["rider", "driver"],
    });
  });

  it("answers [] for a member of another tenant and adds super for super admins", async () => {
    using t = await makeApp();
    await addCampus(t);
    const rider = await signIn(t, RIDER, "greer");
    expect(await (await t.request("/campus/api/user/roles", bearer(rider.token))).json()).toEqual({ roles: [] });
    await superAdmin(t);
    const { token } = await signIn(t, "8645550150");
    expect(await (await t.request("/campus/api/user/roles", bearer(token))).json()).toEqual({ roles: ["super"] });
  });

  it("needs a signed-in user", async () => {
    using t = await makeApp();
    expect((await t.request("/greer/api/user/roles")).status).toBe(401);
  });
});

describe("GET /{tenant}/api/users", () => {
  it("lists the tenant's members with their roles for an admin", async () => {
    using t = await makeApp();
    await signIn(t, RIDER, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request("/greer/api/users", bearer(admin.token));
    expect(res.status).toBe(200);
    const { users } = await res.json();
    const byPhone = Object.fromEntries(users.map((u: { phoneNumber: string; roles: string[] }) => [u.phoneNumber, u]));
    expect(Object.keys(byPhone).sort()).toEqual([DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE, RIDER].sort());
    expect(byPhone[RIDER]).toMatchObject({
      roles: ["rider"],
      status: "inactive",
      name: null,
      email: null,
      photoUrl: null,
    });
    expect(byPhone[DEMO_DRIVER_PHONE].roles).toEqual(["driver"]);
    expect(typeof byPhone[RIDER].createdAt).toBe("number");
  });

  it("refuses riders and drivers with 403, and everyone from another tenant", async () => {
    using t = await makeApp();
    await addCampus(t);
    const rider = await signIn(t, RIDER, "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (const token of [rider.token, driver.token]) {
      const res = await t.request("/greer/api/users", bearer(token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    // Greer's admin is nobody at the campus.
    expect((await t.request("/campus/api/users", bearer(admin.token))).status).toBe(403);
    expect(
      (await t.request(
        "/campus/api/user/" + rider.user.id + "/roles",
        bearer(admin.token, postJson({ role: "driver" })),
      )).status,
    )
      .toBe(403);
  });
});

describe("role changes", () => {
  it("lets an admin add and remove rider and driver", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const added = await t.request(
      `/greer/api/user/${rider.user.id}/roles`,
      bearer(admin.token, postJson({ role: "driver" })),
    );
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ id: rider.user.id, roles: ["rider", "driver"] });
    const removed = await t.request(
      `/greer/api/user/${rider.user.id}/roles?role=rider`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(await removed.json()).toEqual({ id: rider.user.id, roles: ["driver"] });
    expect(t.log.events.filter((e) => e.event.startsWith("role.")).map((e) => e.event)).toEqual([
      "role.granted",
      "role.revoked",
    ]);
  });

  it("lets an admin grant the dispatcher role, which opens the dispatch calls and no admin call", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const granted = await t.request(
      `/greer/api/user/${rider.user.id}/roles`,
      bearer(admin.token, postJson({ role: "dispatcher" })),
    );
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ id: rider.user.id, roles: ["rider", "dispatcher"] });
    const roles = await t.request("/greer/api/user/roles", bearer(rider.token));
    expect((await roles.json()).roles).toEqual(["rider", "dispatcher"]);
    // Not an admin: settings, people and places stay closed.
    for (const path of ["/greer/api/admin/settings", "/greer/api/users", "/greer/api/admin/vehicles"]) {
      expect((await t.request(path, bearer(rider.token))).status, path).toBe(403);
    }
    const grantOther = await t.request(
      `/greer/api/user/${admin.user.id}/roles`,
      bearer(rider.token, postJson({ role: "driver" })),
    );
    expect(grantOther.status).toBe(403);
  });

  it("keeps admin super-only, with the text the client looks for", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const grant = await t.request(
      `/greer/api/user/${rider.user.id}/roles`,
      bearer(admin.token, postJson({ role: "admin" })),
    );
    expect(grant.status).toBe(403);
    expect(await grant.json()).toEqual({ error: "Only super admins can assign admin roles" });
    const revoke = await t.request(
      `/greer/api/user/${admin.user.id}/roles?role=admin`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(revoke.status).toBe(403);

    await superAdmin(t);
    const boss = await signIn(t, "8645550150");
    const ok = await t.request(
      `/greer/api/user/${rider.user.id}/roles`,
      bearer(boss.token, postJson({ role: "admin" })),
    );
    expect(await ok.json()).toEqual({ id: rider.user.id, roles: ["rider", "admin"] });
  });

  it("refuses changes to a super admin, unknown users and unknown roles", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const superId = (await superAdmin(t)).user.id;
    // A super admin who is a member here (one who is not is nobody to a tenant admin: 404).
    await signIn(t, "8645550150", "greer");
    const onSuper = await t.request(
      `/greer/api/user/${superId}/roles`,
      bearer(admin.token, postJson({ role: "driver" })),
    );
    expect(onSuper.status).toBe(403);
    expect(await onSuper.json()).toEqual({ error: "You cannot change this person's roles" });
    const unknown = await t.request("/greer/api/user/NOPE/roles", bearer(admin.token, postJson({ role: "driver" })));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "User not found" });
    for (const role of ["pilot", "super", ""]) {
      const bad = await t.request(`/greer/api/user/${admin.user.id}/roles`, bearer(admin.token, postJson({ role })));
      expect(bad.status, role).toBe(400);
      expect((await bad.json()).error).toBe("Role must be one of: rider, driver, dispatcher, admin");
    }
    const missing = await t.request(
      `/greer/api/user/${admin.user.id}/roles?role=driver`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("GET /{tenant}/api/schedule", () => {
  it("answers the tenant's weekly schedule", async () => {
    using t = await makeApp();
    const res = await t.request("/greer/api/schedule");
    expect(res.status).toBe(200);
    const { schedule } = await res.json();
    expect(schedule["1"]).toEqual([{ start: "07:00", end: "19:00" }]);
    expect(schedule["0"]).toEqual([]);
  });
});
