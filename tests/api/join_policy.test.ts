/**
 * Who may join (issue 19): at an invitation-only tenant only people an admin
 * added sign in; anyone else hears 403 at login (no code is texted) and at
 * verify (no code spent, no membership written). Super admins always pass.
 */
import { describe, expect, it } from "vitest";
import { getMembership } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { updateTenant } from "../../kv/tenants.ts";
import { bearer, makeApp, postJson, sentCode, signIn, superAdmin } from "../helpers/app.ts";

const STRANGER = "8645550177";
const REFUSAL = "This service is by invitation. Contact City of Greer to join.";

type T = Awaited<ReturnType<typeof makeApp>>;
const inviteOnly = (t: T) => updateTenant(t.kv, "greer", (g) => ({ ...g, joinPolicy: "invite" }));
const login = (t: T, phone: string, tenantCode?: string, init: RequestInit = {}) =>
  t.request("/api/auth/login", { ...postJson({ phoneNumber: phone, tenantCode }), ...init });
const verify = (t: T, phone: string, code: string, tenantCode?: string) =>
  t.request("/api/auth/verify", postJson({ phoneNumber: phone, code, tenantCode }));

describe("invitation-only tenants", () => {
  it("refuses a stranger's login naming the tenant before any code is texted", async () => {
    using t = await makeApp();
    await inviteOnly(t);
    const res = await login(t, STRANGER, "greer");
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: REFUSAL });
    expect(t.sms.sent.filter((m) => m.to === STRANGER)).toEqual([]);
  });

  it("answers the refusal in Spanish on a Spanish request", async () => {
    using t = await makeApp();
    await inviteOnly(t);
    const res = await login(t, STRANGER, "greer", {
      headers: { "content-type": "application/json", "accept-language": "es" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: "Este servicio es solo por invitación. Comuníquese con City of Greer para unirse.",
    });
  });

  it("refuses a stranger's verify naming the tenant, spending no code and writing no membership", async () => {
    using t = await makeApp();
    await inviteOnly(t);
    expect((await login(t, STRANGER)).status).toBe(200); // a code sent for no tenant
    const code = sentCode(t, STRANGER);
    const refused = await verify(t, STRANGER, code, "greer");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: REFUSAL });
    // The code still works, for no tenant: nothing of greer was written.
    const res = await verify(t, STRANGER, code);
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user.tenants).toEqual([]);
    expect(await getMembership(t.kv, "greer", user.id)).toBeNull();
  });

  it("lets in members an admin added, and super admins", async () => {
    using t = await makeApp();
    await inviteOnly(t);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const added = await t.request(
      "/greer/api/users",
      bearer(admin.token, postJson({ phoneNumber: STRANGER, roles: ["rider"] })),
    );
    expect(added.status).toBe(201);
    expect((await login(t, STRANGER, "greer")).status).toBe(200);
    const res = await verify(t, STRANGER, sentCode(t, STRANGER), "greer");
    expect(res.status).toBe(200);
    expect((await res.json()).user.tenants).toEqual([{ code: "greer", name: "City of Greer", roles: ["rider"] }]);

    await superAdmin(t, "8645550150");
    expect((await login(t, "8645550150", "greer")).status).toBe(200);
    expect((await verify(t, "8645550150", sentCode(t, "8645550150"), "greer")).status).toBe(200);
  });

  it("lets anyone join an open tenant, as before", async () => {
    using t = await makeApp();
    const { user } = await signIn(t, STRANGER, "greer");
    expect(user.tenants).toEqual([{ code: "greer", name: "City of Greer", roles: ["rider"] }]);
  });
});
