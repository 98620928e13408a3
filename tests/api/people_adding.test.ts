/**
 * An admin adding a person (POST /{t}/api/users) learns nothing the tenant
 * did not know: the answer and the tenant's users list hold the membership
 * the tenant now has, with its own label for the person, never their own
 * profile or their super admin status; the label never reaches the person's
 * profile. Adds are limited per admin, and the person is texted.
 */
import { describe, expect, it } from "vitest";
import { getMembership } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { isOptedOut, recordOptOut } from "../../kv/sms_opt_outs.ts";
import { SmsError, TWILIO_OPTED_OUT } from "../../lib/sms.ts";
import { getUser, updateUser } from "../../kv/users.ts";
import { addCampus, bearer, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";
import { put } from "../helpers/rides.ts";

type T = Awaited<ReturnType<typeof makeApp>>;
const RIDER = "8645550142";
const CAMPUS_ADMIN = "8645550170";
const DAY = 24 * 60 * 60 * 1000;

const add = (t: T, token: string, body: unknown, tenant = "campus") =>
  t.request(`/${tenant}/api/users`, bearer(token, postJson(body)));

async function listed(t: T, token: string, id: string, tenant = "campus") {
  const res = await t.request(`/${tenant}/api/users`, bearer(token));
  expect(res.status).toBe(200);
  return (await res.json()).users.find((u: { id: string }) => u.id === id);
}

/** Greer's rider with a name, email and photo of their own, and an admin of State Campus. */
async function world(t: T) {
  await addCampus(t);
  const rider = await signIn(t, RIDER, "greer");
  expect(
    (await t.request("/api/users/profile", put(rider.token, { name: "Rita Ortiz", email: "rita@example.com" })))
      .status,
  ).toBe(200);
  await updateUser(t.kv, rider.user.id, (u) => ({ ...u, photoUrl: `/api/users/${u.id}/photo?v=abc` }));
  const boss = await superAdmin(t);
  const campusAdmin = await signIn(t, CAMPUS_ADMIN, "campus");
  await t.request(`/campus/api/user/${campusAdmin.user.id}/roles`, bearer(boss.token, postJson({ role: "admin" })));
  // The add comes days after the person's own sign-up, so the two times differ.
  t.clock.advance(3 * DAY);
  return { rider, boss, campusAdmin };
}

describe("adding a person of another tenant", () => {
  it("answers only the membership made here, with this tenant's label, and leaves their profile alone", async () => {
    using t = await makeApp();
    const { rider, campusAdmin } = await world(t);
    const res = await add(t, campusAdmin.token, { phoneNumber: RIDER, name: "Night shift R.", roles: ["rider"] });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("application/json");
    const { user } = await res.json();
    expect(user).toEqual({
      id: rider.user.id,
      name: "Night shift R.",
      email: null,
      phoneNumber: RIDER,
      photoUrl: null,
      roles: ["rider"],
      status: "inactive",
      createdAt: t.clock.now(),
      noShows: 0,
      suspendedUntil: null,
    });
    expect(await listed(t, campusAdmin.token, rider.user.id)).toEqual(user);
    // The label is the tenant's own: the person's profile, and their own tenant's screens, keep their name.
    const profile = await (await t.request("/api/users/profile", bearer(rider.token))).json();
    expect(profile.user.name).toBe("Rita Ortiz");
    const greerAdmin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await listed(t, greerAdmin.token, rider.user.id, "greer")).name).toBe("Rita Ortiz");
    expect(await getMembership(t.kv, "campus", rider.user.id)).toMatchObject({ label: "Night shift R." });
  });

  it("names nobody when the admin gave no name", async () => {
    using t = await makeApp();
    const { rider, campusAdmin } = await world(t);
    const res = await add(t, campusAdmin.token, { phoneNumber: RIDER, roles: ["driver"] });
    expect(res.status).toBe(201);
    expect((await res.json()).user).toMatchObject({ name: null, email: null, photoUrl: null, roles: ["driver"] });
    expect((await getUser(t.kv, rider.user.id))?.name).toBe("Rita Ortiz");
  });

  it("shows the person's own profile once they sign in here, with the tenant's label kept as their name", async () => {
    using t = await makeApp();
    const { rider, campusAdmin } = await world(t);
    await add(t, campusAdmin.token, { phoneNumber: RIDER, name: "Night shift R.", roles: ["rider"] });
    await signIn(t, RIDER, "campus");
    expect(await listed(t, campusAdmin.token, rider.user.id)).toMatchObject({
      name: "Night shift R.",
      email: "rita@example.com",
      photoUrl: `/api/users/${rider.user.id}/photo?v=abc`,
    });
    expect(await getMembership(t.kv, "campus", rider.user.id)).not.toHaveProperty("invited");
  });

  it("names them on the tenant's Activity page as its Users page does: the label, else only the number", async () => {
    using t = await makeApp();
    const { rider, campusAdmin } = await world(t);
    const other = await signIn(t, "8645550143", "greer");
    await t.request("/api/users/profile", put(other.token, { name: "Omar Diaz" }));
    await add(t, campusAdmin.token, { phoneNumber: RIDER, roles: ["rider"] });
    await add(t, campusAdmin.token, { phoneNumber: "8645550143", name: "Van 2 regular", roles: ["rider"] });
    const res = await t.request("/campus/api/admin/audit", bearer(campusAdmin.token));
    expect(res.status).toBe(200);
    const added = (await res.json()).filter((e: { action: string }) => e.action === "user.added");
    expect(added.map((e: { target: string; targetName: string }) => [e.target, e.targetName]).sort()).toEqual(
      [[rider.user.id, RIDER], [other.user.id, "Van 2 regular"]].sort(),
    );
  });

  it("never shows a tenant admin that someone is a super admin; a super admin sees it", async () => {
    using t = await makeApp();
    const { boss, campusAdmin } = await world(t);
    const res = await add(t, campusAdmin.token, { phoneNumber: "8645550150", roles: ["rider"] });
    expect(res.status).toBe(201);
    expect((await res.json()).user.roles).toEqual(["rider"]);
    expect((await listed(t, campusAdmin.token, boss.user.id)).roles).toEqual(["rider"]);
    expect((await listed(t, boss.token, boss.user.id)).roles).toEqual(["rider", "super"]);
  });

  it("never tells a tenant admin that someone is a super admin when changing roles", async () => {
    using t = await makeApp();
    const { boss, campusAdmin } = await world(t);
    const grant = (token: string, tenant: string) =>
      t.request(`/${tenant}/api/user/${boss.user.id}/roles`, bearer(token, postJson({ role: "driver" })));
    // Not a member of State Campus: nobody there.
    const stranger = await grant(campusAdmin.token, "campus");
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: "User not found" });
    await add(t, campusAdmin.token, { phoneNumber: "8645550150", roles: ["rider"] });
    const member = await grant(campusAdmin.token, "campus");
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: "You cannot change this person's roles" });
    const bySuper = await grant(boss.token, "campus");
    expect(bySuper.status).toBe(403);
    expect(await bySuper.json()).toEqual({ error: "A super admin's roles cannot be changed here" });
  });
});

describe("the person added is told", () => {
  it("texts them the organisation's name, in their language", async () => {
    using t = await makeApp();
    const { rider, campusAdmin } = await world(t);
    await add(t, campusAdmin.token, { phoneNumber: "8645550188", roles: ["rider"] });
    expect(t.sms.sent.filter((m) => m.to === "8645550188").map((m) => m.body)).toEqual([
      "State Campus added you to its Hopper shuttle service. Sign in with this number to ride. Reply STOP to stop texts.",
    ]);
    await updateUser(t.kv, rider.user.id, (u) => ({ ...u, language: "es" }));
    await add(t, campusAdmin.token, { phoneNumber: RIDER, roles: ["rider"] });
    expect(t.sms.sent.at(-1)).toEqual({
      to: RIDER,
      body:
        "State Campus le agregó a su servicio de transporte Hopper. Inicie sesión con este número para viajar. STOP: no recibir más.",
    });
  });

  it("texts nothing to a number that opted out, nor on a refused add", async () => {
    using t = await makeApp();
    const { campusAdmin } = await world(t);
    await recordOptOut(t.kv, "8645550188", t.clock.now());
    expect((await add(t, campusAdmin.token, { phoneNumber: "8645550188", roles: ["rider"] })).status).toBe(201);
    expect((await add(t, campusAdmin.token, { phoneNumber: "8645550188", roles: ["rider"] })).status).toBe(409);
    expect((await add(t, campusAdmin.token, { phoneNumber: "8645550189", roles: ["admin"] })).status).toBe(403);
    expect(t.sms.sent.filter((m) => m.to === "8645550188" || m.to === "8645550189")).toEqual([]);
  });

  it("keeps an opt-out the carrier reports, and the add still stands", async () => {
    using t = await makeApp();
    const { campusAdmin } = await world(t);
    t.sms.send = () => Promise.reject(new SmsError("Attempt to send to unsubscribed recipient", 400, TWILIO_OPTED_OUT));
    const res = await add(t, campusAdmin.token, { phoneNumber: "8645550188", roles: ["rider"] });
    expect(res.status).toBe(201);
    expect(await isOptedOut(t.kv, "8645550188")).toBe(true);
  });
});

describe("adds per admin", () => {
  it("lets one admin add 60 people an hour, answers 429 with Retry-After after, and counts each admin alone", async () => {
    using t = await makeApp();
    const { campusAdmin, boss } = await world(t);
    const number = (i: number) => `8645560${100 + i}`;
    for (let i = 0; i < 60; i++) {
      const res = await add(t, campusAdmin.token, { phoneNumber: number(i), roles: ["rider"] });
      expect(res.status, `add ${i + 1}`).toBe(201);
    }
    const refused = await add(t, campusAdmin.token, { phoneNumber: number(60), roles: ["rider"] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "You can add 60 people an hour. Please try again later." });
    const es = await t.request(
      "/campus/api/users",
      bearer(campusAdmin.token, {
        ...postJson({ phoneNumber: number(60), roles: ["rider"] }),
        headers: { "content-type": "application/json", "accept-language": "es" },
      }),
    );
    expect(await es.json()).toEqual({ error: "Puede agregar 60 personas por hora. Inténtelo más tarde." });
    // Nothing was made for the refused number, and no text went out.
    expect(await t.kv.get(["users_by_phone", number(60)])).toMatchObject({ value: null });
    expect(t.sms.sent.filter((m) => m.to === number(60))).toEqual([]);
    // Another admin has their own count; the hour over, the first may add again.
    expect((await add(t, boss.token, { phoneNumber: number(60), roles: ["rider"] })).status).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    expect((await add(t, campusAdmin.token, { phoneNumber: number(61), roles: ["rider"] })).status).toBe(201);
  });

  it("holds in a burst: of 35 adds at once after 30, exactly 30 pass", async () => {
    using t = await makeApp();
    const { campusAdmin } = await world(t);
    const number = (i: number) => `8645561${100 + i}`;
    for (let i = 0; i < 30; i++) await add(t, campusAdmin.token, { phoneNumber: number(i), roles: ["rider"] });
    const burst = await Promise.all(
      Array.from(
        { length: 35 },
        (_, i) => add(t, campusAdmin.token, { phoneNumber: number(30 + i), roles: ["rider"] }),
      ),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
