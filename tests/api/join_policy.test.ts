/**
 * Who may join: at an invitation-only tenant only people an admin
 * added sign in. A login naming the tenant answers the same to members,
 * strangers and blocked members, and texts only members who are not blocked;
 * a wrong code at verify answers alike for all; only a right code hears the
 * refusal (no code spent, no membership written). Super admins always pass.
 */
import { describe, expect, it } from "vitest";
import { getMembership } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { updateTenant } from "../../kv/tenants.ts";
import { bearer, html, makeApp, postJson, sentCode, signIn, superAdmin } from "../helpers/app.ts";
import { snapshotKv } from "../helpers/kv_snapshot.ts";

const STRANGER = "8645550177";
const MEMBER = "8645550178";
const BLOCKED = "8645550179";
const REFUSAL = "This service is by invitation. Contact City of Greer to join.";
const SUSPENDED = "Your access to this service has been suspended.";
const WRONG = "Invalid verification code. Please try again.";

type T = Awaited<ReturnType<typeof makeApp>>;
const inviteOnly = (t: T) => updateTenant(t.kv, "greer", (g) => ({ ...g, joinPolicy: "invite" }));
const login = (t: T, phone: string, tenantCode?: string, init: RequestInit = {}, address?: string) =>
  t.request("/api/auth/login", { ...postJson({ phoneNumber: phone, tenantCode }), ...init }, address);
const verify = (t: T, phone: string, code: string, tenantCode?: string, init: RequestInit = {}) =>
  t.request("/api/auth/verify", { ...postJson({ phoneNumber: phone, code, tenantCode }), ...init });
/** Sign-in codes texted to `phone` (an admin's add also texts the person, with no code). */
const textsTo = (t: T, phone: string) => t.sms.sent.filter((m) => m.to === phone && /\b\d{4}\b/.test(m.body)).length;

/** Greer invitation-only, with MEMBER added as a rider and BLOCKED added and then blocked by its admin. */
async function inviteWorld(t: T) {
  await inviteOnly(t);
  const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
  for (const phone of [MEMBER, BLOCKED]) {
    const added = await t.request(
      "/greer/api/users",
      bearer(admin.token, postJson({ phoneNumber: phone, roles: ["rider"] })),
    );
    expect(added.status).toBe(201);
    if (phone === BLOCKED) {
      const { user } = await added.json();
      const put = { method: "PUT", headers: { "content-type": "application/json" }, body: '{"blocked":true}' };
      expect((await t.request(`/greer/api/users/${user.id}/blocked`, bearer(admin.token, put))).status).toBe(200);
    }
  }
}

describe("invitation-only tenants", () => {
  it("answers a login naming the tenant alike for members, strangers and blocked members; texts only members", async () => {
    using t = await makeApp();
    await inviteWorld(t);
    const answers = [];
    for (const phone of [MEMBER, STRANGER, BLOCKED]) {
      const res = await login(t, phone, "greer");
      const { challenge, ...rest } = await res.json();
      answers.push([res.status, res.headers.get("content-type"), rest, typeof challenge]);
    }
    expect(answers).toEqual(Array(3).fill([200, "application/json", { ok: true }, "string"]));
    expect([textsTo(t, MEMBER), textsTo(t, STRANGER), textsTo(t, BLOCKED)]).toEqual([1, 0, 0]);
  });

  it("counts every login against the same limits: the 4th in 15 minutes is refused for a member and a stranger", async () => {
    using t = await makeApp();
    await inviteWorld(t);
    for (const phone of [MEMBER, STRANGER]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(t, phone, "greer", {}, `198.51.100.${i}`)).status);
      expect(statuses, phone).toEqual([200, 200, 200, 429]);
    }
  });

  it("answers a stranger's login as late as a member's, whose code waits on a slow text provider", async () => {
    using t = await makeApp();
    await inviteWorld(t);
    const send = t.sms.send.bind(t.sms);
    t.sms.send = async (to, body) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return send(to, body);
    };
    const times: Record<"member" | "stranger", number[]> = { member: [], stranger: [] };
    for (let i = 0; i < 6; i++) {
      for (const [kind, phone] of [["member", MEMBER], ["stranger", STRANGER]] as const) {
        const started = performance.now();
        const res = await login(t, phone, "greer", {}, `198.51.100.${i}`);
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(200);
      }
      t.clock.advance(16 * 60 * 1000); // within the number's send limits
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    expect(median(times.stranger)).toBeGreaterThanOrEqual(140);
    expect(Math.abs(median(times.member) - median(times.stranger))).toBeLessThan(50);
    expect([textsTo(t, MEMBER), textsTo(t, STRANGER)]).toEqual([6, 0]);
  });

  it("answers a made-up or wrong code alike for a member and a stranger", async () => {
    using t = await makeApp();
    await inviteWorld(t);
    const answers = [];
    for (const phone of [MEMBER, STRANGER, BLOCKED]) {
      const sent = await login(t, phone, "greer");
      const { challenge } = await sent.json();
      // The member's guess misses the code texted to them; the others were texted none.
      const code = textsTo(t, phone) ? String((Number(sentCode(t, phone)) + 1) % 10_000).padStart(4, "0") : "0000";
      const guess = await t.request(
        "/api/auth/verify",
        postJson({ phoneNumber: phone, code, challenge, tenantCode: "greer" }),
      );
      answers.push([guess.status, await guess.json()]);
      // Without any login at all, too.
      const bare = await verify(t, phone, "1234", "greer");
      answers.push([bare.status, await bare.json()]);
    }
    expect(answers).toEqual(Array(6).fill([401, { error: WRONG }]));
  });

  it("refuses a stranger's right code at verify, in Spanish on a Spanish request", async () => {
    using t = await makeApp();
    await inviteOnly(t);
    expect((await login(t, STRANGER)).status).toBe(200); // a code sent for no tenant
    const res = await verify(t, STRANGER, sentCode(t, STRANGER), "greer", {
      headers: { "content-type": "application/json", "accept-language": "es" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: "Este servicio es solo por invitación. Comuníquese con City of Greer para unirse.",
    });
  });

  it("refuses a blocked member's right code at verify, writing nothing", async () => {
    using t = await makeApp();
    await inviteWorld(t);
    expect((await login(t, BLOCKED)).status).toBe(200);
    const before = await snapshotKv(t.kv);
    const res = await verify(t, BLOCKED, sentCode(t, BLOCKED), "greer");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: SUSPENDED });
    expect(await snapshotKv(t.kv)).toEqual(before);
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

  it("says on its login page, to anyone, that only people it added can sign in, from the moment it is set", async () => {
    using t = await makeApp();
    const NOTE =
      "Only people City of Greer has added can sign in here. If no code comes, ask City of Greer to add you.";
    expect(await html(await t.request("/greer/login"))).not.toContain(NOTE);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const put = { method: "PUT", headers: { "content-type": "application/json" }, body: '{"joinPolicy":"invite"}' };
    expect((await t.request("/greer/api/admin/settings", bearer(admin.token, put))).status).toBe(200);
    expect(await html(await t.request("/greer/login"))).toContain(NOTE);
    const es = await t.request("/greer/login", { headers: { "accept-language": "es" } });
    expect(await html(es)).toContain(
      "Aquí solo pueden iniciar sesión las personas que City of Greer agregó. Si no le llega un código, pida a City of Greer que lo agregue.",
    );
  });

  it("lets anyone join an open tenant, as before", async () => {
    using t = await makeApp();
    const { user } = await signIn(t, STRANGER, "greer");
    expect(user.tenants).toEqual([{ code: "greer", name: "City of Greer", roles: ["rider"] }]);
  });
});
