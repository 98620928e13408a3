/**
 * Authenticated calls reuse who-is-asking for a few seconds (kv/signed_in.ts).
 * Every change made through the app must still show on the very next call
 * with the same token; a change written by another process shows within
 * SIGNED_IN_REUSE_MS.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { SIGNED_IN_REUSE_MS } from "../../kv/signed_in.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { bearer, makeApp, postJson, signIn } from "../helpers/app.ts";

const RIDER = "8645550177";

async function roles(t: Awaited<ReturnType<typeof makeApp>>, token: string) {
  const res = await t.request("/greer/api/user/roles", bearer(token));
  return res.status === 200 ? (await res.json()).roles : res.status;
}

describe("reuse of who is asking", () => {
  it("sees a role granted or revoked by an admin on the next call", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const rider = await signIn(t, RIDER, "greer");
    expect(await roles(t, rider.token)).toEqual(["rider"]);
    const roleUrl = `/greer/api/user/${rider.user.id}/roles`;
    await t.request(roleUrl, bearer(admin.token, postJson({ role: "driver" })));
    expect(await roles(t, rider.token)).toEqual(["rider", "driver"]);
    await t.request(`${roleUrl}?role=driver`, bearer(admin.token, { method: "DELETE" }));
    expect(await roles(t, rider.token)).toEqual(["rider"]);
    expect((await t.request("/greer/api/driver/rides", bearer(rider.token))).status).toBe(403);
  });

  it("refuses the token on the call right after logout", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER, "greer");
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(200);
    expect((await t.request("/api/auth/logout", bearer(rider.token, { method: "POST" }))).status).toBe(200);
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(401);
  });

  it("lets a newly joined member in on the next call", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, RIDER); // signed in on the public site: no tenant yet
    expect((await t.request("/greer/api/rides/my", bearer(token))).status).toBe(403);
    await signIn(t, RIDER, "greer"); // joins greer as a rider (a new session; the old token stays good)
    expect((await t.request("/greer/api/rides/my", bearer(token))).status).toBe(200);
  });

  it("answers the profile as just saved", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, RIDER, "greer");
    await t.request("/api/users/profile", bearer(token));
    const put = await t.request("/api/users/profile", bearer(token, { ...postJson({ name: "Ada" }), method: "PUT" }));
    expect(put.status).toBe(200);
    expect((await (await t.request("/api/users/profile", bearer(token))).json()).user.name).toBe("Ada");
  });

  it("sees a session deleted straight from KV (another process) within the reuse window", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER, "greer");
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(200);
    for await (const e of t.kv.list({ prefix: keys.userSessions(rider.user.id) })) {
      await t.kv.delete(keys.session(String(e.key[2])));
    }
    const deleted = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - deleted < SIGNED_IN_REUSE_MS + 1000) {
      status = (await t.request("/greer/api/rides/my", bearer(rider.token))).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
  }, 15_000);
});
