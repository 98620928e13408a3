/**
 * The provider's organisations: only super admins list, create,
 * pause and resume them; each write is audited with the super admin as actor.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { getRoles } from "../../kv/members.ts";
import { getSchedule, getTenant } from "../../kv/tenants.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { bearer, html, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { post, put, requestRide, rideWorld } from "../helpers/rides.ts";

const NEW = {
  code: "spartan",
  name: "Spartanburg Shuttle",
  serviceArea: { lat: 34.9496, lng: -81.9320, radiusMeters: 1500, label: "downtown Spartanburg" },
  timezone: "America/New_York",
  adminPhone: "(864) 555-0177",
};

describe("super tenants API", () => {
  it("lists each organisation with its status, members and rides of the last 7 days", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
    const boss = await superAdmin(t);
    const res = await t.request("/api/super/tenants", bearer(boss.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const [greer] = await res.json();
    expect(greer).toEqual({
      code: "greer",
      name: "City of Greer",
      status: "active",
      members: 5,
      ridesLast7Days: 1,
      createdAt: expect.any(Number),
    });
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    const later = await (await t.request("/api/super/tenants", bearer(boss.token))).json();
    expect(later[0].ridesLast7Days).toBe(0);
  });

  it("creates an organisation with an empty schedule and its admin, audited; a taken code is 409", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    const res = await t.request("/api/super/tenants", post(boss.token, NEW));
    expect(res.status).toBe(201);
    const { tenant } = await res.json();
    expect(tenant).toMatchObject({ code: "spartan", name: "Spartanburg Shuttle", timezone: "America/New_York" });
    expect(await getTenant(t.kv, "spartan")).toMatchObject({ serviceArea: NEW.serviceArea });
    expect(await getSchedule(t.kv, "spartan")).toEqual({
      "0": [],
      "1": [],
      "2": [],
      "3": [],
      "4": [],
      "5": [],
      "6": [],
    });
    const userId = (await t.kv.get<string>(keys.userByPhone("8645550177"))).value;
    expect(userId).toBeTruthy();
    expect(await getRoles(t.kv, "spartan", userId!)).toEqual(["admin"]);
    const [audit] = await listAudit(t.kv, "spartan");
    expect(audit).toMatchObject({ action: "tenant.created", by: boss.user.id, target: "spartan" });
    // The new admin signs in and reaches the admin calls.
    const admin = await signIn(t, "8645550177", "spartan");
    expect((await t.request("/spartan/api/admin/audit", bearer(admin.token))).status).toBe(200);

    const again = await t.request(
      "/api/super/tenants",
      post(boss.token, { ...NEW, name: "Other", adminPhone: "864-555-0178" }),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "An organization with this code already exists" });
    // Nobody was made for the refused organisation.
    expect((await t.kv.get(keys.userByPhone("8645550178"))).value).toBeNull();
    expect((await getTenant(t.kv, "spartan"))?.name).toBe("Spartanburg Shuttle");
  });

  it("refuses a taken code with 409 before making anyone its admin", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    // The generated bad-input run found it: the 409 came after the new admin's user was written.
    const res = await t.request(
      "/api/super/tenants",
      post(boss.token, { ...NEW, code: "greer", adminPhone: "8645550188" }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "An organization with this code already exists" });
    expect((await t.kv.get(keys.userByPhone("8645550188"))).value).toBeNull();
  });

  it("refuses bad fields with 400 naming them, writing nothing", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: "Bad Code" }, "code", "Tenant code must be 2-32 lowercase letters, digits or hyphens"],
      [{ code: "super" }, "code", "That tenant code is reserved"],
      [{ name: "" }, "name", "Name must be 1-80 characters"],
      [{ serviceArea: { lat: "x", lng: 1, radiusMeters: 900, label: "a" } }, "serviceArea.lat", ""],
      [{ timezone: "Mars/Base" }, "timezone", ""],
      [{ adminPhone: "12" }, "adminPhone", "Please enter a valid 10-digit phone number"],
    ];
    for (const [change, field, text] of cases) {
      const res = await t.request("/api/super/tenants", post(boss.token, { ...NEW, ...change }));
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.field).toBe(field);
      if (text) expect(body.error).toBe(text);
    }
    expect(await getTenant(t.kv, "spartan")).toBeNull();
  });

  it("pauses and resumes an organisation, audited once per change; 404 unknown; 400 bad status", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    const pause = await t.request("/api/super/tenants/greer", put(boss.token, { status: "suspended" }));
    expect(pause.status).toBe(200);
    expect((await pause.json()).tenant.status).toBe("suspended");
    expect((await getTenant(t.kv, "greer"))?.status).toBe("suspended");
    await t.request("/api/super/tenants/greer", put(boss.token, { status: "suspended" }));
    t.clock.advance(1000);
    await t.request("/api/super/tenants/greer", put(boss.token, { status: "active" }));
    expect((await listAudit(t.kv, "greer")).map((a) => [a.action, a.by])).toEqual([
      ["tenant.suspended", boss.user.id],
      ["tenant.activated", boss.user.id],
    ]);
    expect((await t.request("/api/super/tenants/nowhere", put(boss.token, { status: "active" }))).status).toBe(404);
    // A code no tenant could have, longer than a KV key may be: not found, never a 500.
    const long = await t.request(`/api/super/tenants/${"x".repeat(3000)}`, put(boss.token, { status: "active" }));
    expect(long.status).toBe(404);
    expect(await long.json()).toEqual({ error: "Organization not found" });
    const bad = await t.request("/api/super/tenants/greer", put(boss.token, { status: "closed" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Status must be one of: active, suspended" });
  });

  it("serves the console page at /super to anyone: its island asks the API, which decides", async () => {
    using t = await makeApp();
    const res = await t.request("/super");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const page = await html(res);
    expect(page).toContain("<title>Provider console · Hopper</title>");
    expect(page).toContain("AdminConsole");
    // The header holds the account menu (shown once signed in), not a Login link.
    expect(page).toContain('data-island="UserMenu"');
    expect(page).not.toContain('class="site-nav__login"');
  });

  it("answers 401 signed out and 403 to a tenant's admin", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (
      const [path, init] of [
        ["/api/super/tenants", {}],
        ["/api/super/tenants", {
          method: "POST",
          body: JSON.stringify(NEW),
          headers: { "content-type": "application/json" },
        }],
        ["/api/super/tenants/greer", {
          method: "PUT",
          body: '{"status":"suspended"}',
          headers: { "content-type": "application/json" },
        }],
      ] as const
    ) {
      expect((await t.request(path, init as RequestInit)).status).toBe(401);
      const refused = await t.request(path, bearer(admin.token, init as RequestInit));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Access denied - super admin privileges required" });
    }
    expect((await getTenant(t.kv, "greer"))?.status).toBeUndefined();
    expect(await getTenant(t.kv, "spartan")).toBeNull();
  });
});
