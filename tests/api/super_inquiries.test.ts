/**
 * The provider's inbox: super admins read the contact-form
 * inquiries newest first with the organisation each came from, and mark
 * them handled; anyone else hears 401 or 403.
 */
import { describe, expect, it } from "vitest";
import { listInquiries } from "../../kv/inquiries.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { bearer, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";
import { put } from "../helpers/rides.ts";

const valid = { name: "Ada Lovelace", email: "ada@example.org", message: "Hello!" };

async function inbox() {
  const t = await makeApp();
  const first = await (await t.request("/api/inquiries", postJson({ ...valid, tenant: "greer" }))).json();
  t.clock.advance(1000);
  const second = await (await t.request("/api/inquiries", postJson({ ...valid, name: "Bo", message: "Hi" }))).json();
  return { t, first: first.id as string, second: second.id as string, boss: await superAdmin(t) };
}

describe("super inquiries API", () => {
  it("lists the inquiries newest first with their organisation and handled flag", async () => {
    const { t, first, second, boss } = await inbox();
    using _ = t;
    const res = await t.request("/api/super/inquiries", bearer(boss.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const list = await res.json();
    expect(list.map((i: { id: string }) => i.id)).toEqual([second, first]);
    expect(list[1]).toMatchObject({ ...valid, tenant: "greer", tenantName: "City of Greer", handled: false });
    expect(list[0]).toMatchObject({ name: "Bo", tenant: null, tenantName: null, handled: false });
  });

  it("marks one handled, keeps the first mark, and answers 404 for an unknown id and 400 for a bad body", async () => {
    const { t, first, boss } = await inbox();
    using _ = t;
    const res = await t.request(`/api/super/inquiries/${first}`, put(boss.token, { handled: true }));
    expect(res.status).toBe(200);
    expect((await res.json()).inquiry).toMatchObject({ id: first, handled: true, handledAt: t.clock.now() });
    const stored = (await listInquiries(t.kv)).find((i) => i.id === first);
    expect(stored).toMatchObject({ handledAt: t.clock.now(), handledBy: boss.user.id });
    t.clock.advance(5000);
    await t.request(`/api/super/inquiries/${first}`, put(boss.token, { handled: true }));
    expect((await listInquiries(t.kv)).find((i) => i.id === first)?.handledAt).toBe(t.clock.now() - 5000);

    const unknown = await t.request(
      "/api/super/inquiries/01ARZ3NDEKTSV4RRFFQ69G5FAV",
      put(boss.token, { handled: true }),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Inquiry not found" });
    const bad = await t.request(`/api/super/inquiries/${first}`, put(boss.token, { handled: "yes" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "handled must be true" });
  });

  it("answers 401 signed out and 403 to a tenant's admin, changing nothing", async () => {
    const { t, first } = await inbox();
    using _ = t;
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await t.request("/api/super/inquiries")).status).toBe(401);
    expect((await t.request("/api/super/inquiries", bearer(admin.token))).status).toBe(403);
    const refused = await t.request(`/api/super/inquiries/${first}`, put(admin.token, { handled: true }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Access denied - super admin privileges required" });
    expect((await listInquiries(t.kv)).every((i) => i.handledAt === undefined)).toBe(true);
  });
});
