/**
 * Adding and blocking people: POST /{t}/api/users and
 * PUT /{t}/api/users/{id}/blocked, for the tenant's admins and super admins.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { getMembership } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { addCampus, bearer, makeApp, postJson, sentCode, signIn, superAdmin } from "../helpers/app.ts";

const NEW = "8645550188";
const RIDER = "8645550142";
const SUSPENDED = "Your access to this service has been suspended.";

type T = Awaited<ReturnType<typeof makeApp>>;
const add = (t: T, token: string, body: unknown, tenant = "greer") =>
  t.request(`/${tenant}/api/users`, bearer(token, postJson(body)));
const block = (t: T, token: string, id: string, blocked: unknown, tenant = "greer") =>
  t.request(`/${tenant}/api/users/${id}/blocked`, bearer(token, { ...postJson({ blocked }), method: "PUT" }));

describe("POST /{tenant}/api/users", () => {
  it("adds a person with their roles and name, in the users list's shape, audited", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await add(t, admin.token, {
      phoneNumber: "(864) 555-0188",
      name: "  Pat Lee ",
      roles: ["driver", "rider"],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("application/json");
    const { user } = await res.json();
    expect(user).toMatchObject({
      name: "Pat Lee",
      phoneNumber: NEW,
      roles: ["rider", "driver"],
      status: "unavailable",
      email: null,
      photoUrl: null,
    });
    expect(user).not.toHaveProperty("blocked");
    const list = await (await t.request("/greer/api/users", bearer(admin.token))).json();
    expect(list.users.find((u: { id: string }) => u.id === user.id)).toEqual(user);
    const [audit] = (await listAudit(t.kv, "greer")).filter((a) => a.action === "user.added");
    expect(audit).toMatchObject({ by: admin.user.id, target: user.id, details: { roles: ["rider", "driver"] } });
  });

  it("keeps a name the person chose, and answers 409 for a member already", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    const again = await add(t, admin.token, { phoneNumber: RIDER, roles: ["driver"] });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "This person is already a member of this organization" });
    expect((await getMembership(t.kv, "greer", rider.user.id))?.roles).toEqual(["rider"]);
  });

  it("refuses bad phones, names and roles with 400", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const cases: [unknown, string][] = [
      [{ phoneNumber: "123", roles: ["rider"] }, "Please enter a valid 10-digit phone number"],
      [{ roles: ["rider"] }, "Please enter a valid 10-digit phone number"],
      [{ phoneNumber: NEW, roles: [] }, "Choose one or more roles: rider, driver, dispatcher, admin"],
      [{ phoneNumber: NEW, roles: ["pilot"] }, "Choose one or more roles: rider, driver, dispatcher, admin"],
      [{ phoneNumber: NEW, roles: "rider" }, "Choose one or more roles: rider, driver, dispatcher, admin"],
      [{ phoneNumber: NEW, name: "x".repeat(81), roles: ["rider"] }, "Name must be at most 80 characters"],
      [{ phoneNumber: NEW, name: 5, roles: ["rider"] }, "Name must be text"],
    ];
    for (const [body, error] of cases) {
      const res = await add(t, admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(t.sms.sent.filter((m) => m.to === NEW)).toEqual([]);
  });

  it("lets only super admins add an admin; riders, drivers and other tenants' admins get 403", async () => {
    using t = await makeApp();
    await addCampus(t);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const refused = await add(t, admin.token, { phoneNumber: NEW, roles: ["admin"] });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only super admins can assign admin roles" });
    for (const who of [rider, driver]) {
      expect((await add(t, who.token, { phoneNumber: NEW, roles: ["rider"] })).status).toBe(403);
    }
    expect((await add(t, admin.token, { phoneNumber: NEW, roles: ["rider"] }, "campus")).status).toBe(403);
    const boss = await superAdmin(t);
    const res = await add(t, boss.token, { phoneNumber: NEW, roles: ["admin"] }, "campus");
    expect(res.status).toBe(201);
    expect((await res.json()).user.roles).toEqual(["admin"]);
  });
});

describe("PUT /{tenant}/api/users/{id}/blocked", () => {
  it("stops a blocked member's token at once, refuses their sign-in, and unblocking restores both", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(200);

    const res = await block(t, admin.token, rider.user.id, true);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: rider.user.id, roles: ["rider"], blocked: true });
    const mine = await t.request("/greer/api/rides/my", bearer(rider.token));
    expect(mine.status).toBe(403);
    expect(await mine.json()).toEqual({ error: SUSPENDED });
    const es = await t.request("/greer/api/rides/my", bearer(rider.token, { headers: { "accept-language": "es" } }));
    expect(await es.json()).toEqual({ error: "Se suspendió su acceso a este servicio." });

    // A login naming the tenant answers as anyone's (who belongs is not told), but no code is texted.
    const texted = t.sms.sent.length;
    const quietLogin = await t.request("/api/auth/login", postJson({ phoneNumber: RIDER, tenantCode: "greer" }));
    expect(quietLogin.status).toBe(200);
    expect(await quietLogin.json()).toEqual({ ok: true, challenge: expect.any(String) });
    expect(t.sms.sent.length).toBe(texted);
    await t.request("/api/auth/login", postJson({ phoneNumber: RIDER }));
    const refused = await t.request(
      "/api/auth/verify",
      postJson({ phoneNumber: RIDER, code: sentCode(t, RIDER), tenantCode: "greer" }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: SUSPENDED });

    const list = await (await t.request("/greer/api/users", bearer(admin.token))).json();
    expect(list.users.find((u: { id: string }) => u.id === rider.user.id).blocked).toBe(true);

    const back = await block(t, admin.token, rider.user.id, false);
    expect(back.status).toBe(200);
    expect((await back.json()).user).not.toHaveProperty("blocked");
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(200);
    expect((await listAudit(t.kv, "greer")).map((a) => a.action).filter((a) => a.startsWith("user.")).sort()).toEqual([
      "user.blocked",
      "user.unblocked",
    ]);
  });

  it("keeps a blocked member when their roles are changed, so they cannot rejoin", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    await block(t, admin.token, rider.user.id, true);
    const removed = await t.request(
      `/greer/api/user/${rider.user.id}/roles?role=rider`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(removed.status).toBe(200);
    expect(await getMembership(t.kv, "greer", rider.user.id)).toMatchObject({ roles: [], blocked: true });
  });

  it("refuses super admins, oneself, non-members, bad bodies and non-admins", async () => {
    using t = await makeApp();
    await addCampus(t);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const boss = await superAdmin(t);
    // To a tenant admin a super admin who is not a member here is nobody; a super admin is told why.
    const onSuper = await block(t, admin.token, boss.user.id, true);
    expect(onSuper.status).toBe(404);
    expect(await onSuper.json()).toEqual({ error: "User not found" });
    const otherBoss = await superAdmin(t, "8645550151");
    const superOnSuper = await block(t, boss.token, otherBoss.user.id, true);
    expect(superOnSuper.status).toBe(403);
    expect(await superOnSuper.json()).toEqual({ error: "A super admin cannot be blocked" });
    const self = await block(t, admin.token, admin.user.id, true);
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ error: "You cannot block yourself" });
    const stranger = await signIn(t, NEW, "campus");
    expect((await block(t, admin.token, stranger.user.id, true)).status).toBe(404);
    const bad = await block(t, admin.token, rider.user.id, "yes");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "blocked must be true or false" });
    for (const who of [rider, driver]) expect((await block(t, who.token, driver.user.id, true)).status).toBe(403);
    expect((await block(t, admin.token, stranger.user.id, true, "campus")).status).toBe(403);
    expect((await block(t, boss.token, stranger.user.id, true, "campus")).status).toBe(200);
    expect((await getMembership(t.kv, "greer", rider.user.id))?.blocked).toBeUndefined();
  });
});
