/**
 * One service-area bound at every door: a radius from 200 to 20,000 m. The
 * admin CLI's tenant:create and tenant:update, the settings page's own check,
 * its PUT and the provider's console accept and refuse the same radii, so a
 * tenant made at one door can always save its own settings page.
 */
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { getTenant } from "../../kv/tenants.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { readSettings } from "../../lib/tenant_settings.ts";
import { runAdmin } from "../../scripts/admin.ts";
import { bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { post, put } from "../helpers/rides.ts";

const REFUSED = "The radius must be from 200 to 20,000 meters";
const CASES: [number, boolean][] = [
  [0, false],
  [199, false],
  [200, true],
  [805, true],
  [20_000, true],
  [
    20_001,
    false,
  ],
  [30_000, false],
  [50_000, false],
];

async function cli(kv: Store, ...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(args, kv, (line) => lines.push(line));
  return { code, out: lines.join("\n") };
}

const area = (radiusMeters: number) => ({ lat: 34.9, lng: -82.2, radiusMeters, label: "downtown" });

describe("the service area's radius", () => {
  it("is accepted and refused alike by the CLI, the settings page, its PUT and the console", async () => {
    using t = await makeApp();
    using kv = await openStore(":memory:");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const boss = await superAdmin(t);
    expect((await cli(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1")).code).toBe(0);

    for (const [radius, ok] of CASES) {
      const what = `${radius} m`;
      // The admin CLI, making a tenant and changing one.
      const created = await cli(
        kv,
        "tenant:create",
        "--code",
        `town-${radius}`,
        "--name",
        "Town",
        "--lat=34.9",
        "--lng=-82.2",
        "--radius-m",
        String(radius),
      );
      expect(created, what).toEqual(
        ok ? { code: 0, out: `Created Town at /town-${radius}` } : { code: 1, out: `Error: --radius-m: ${REFUSED}` },
      );
      expect(Boolean(await getTenant(kv, `town-${radius}`)), what).toBe(ok);
      const updated = await cli(kv, "tenant:update", "--code", "town", "--radius-m", String(radius));
      expect(updated.code, what).toBe(ok ? 0 : 1);
      if (!ok) expect(updated.out, what).toBe(`Error: --radius-m: ${REFUSED}`);

      // The settings page checks before it sends, with the same rules.
      const page = readSettings({ serviceArea: area(radius) }, translator("en"));
      expect(page.ok ? null : [page.field, page.error], what).toEqual(
        ok ? null : ["serviceArea.radiusMeters", REFUSED],
      );

      // Its PUT, and the provider's console.
      const saved = await t.request("/greer/api/admin/settings", put(admin.token, { serviceArea: area(radius) }));
      expect(saved.status, what).toBe(ok ? 200 : 400);
      if (!ok) expect(await saved.json(), what).toEqual({ error: REFUSED, field: "serviceArea.radiusMeters" });
      const made = await t.request(
        "/api/super/tenants",
        post(boss.token, {
          code: `town-${radius}`,
          name: "Town",
          serviceArea: area(radius),
          timezone: "America/New_York",
          adminPhone: "8645550190",
        }),
      );
      expect(made.status, what).toBe(ok ? 201 : 400);
      if (!ok) expect(await made.json(), what).toEqual({ error: REFUSED, field: "serviceArea.radiusMeters" });
    }
  });

  it("refuses in Spanish at the HTTP doors, as the page words it", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const spanish = translator("es")("The radius must be from {min} to {max} meters", { min: 200, max: "20,000" });
    const res = await t.request(
      "/greer/api/admin/settings",
      bearer(admin.token, {
        method: "PUT",
        headers: { "content-type": "application/json", "accept-language": "es" },
        body: JSON.stringify({ serviceArea: area(30_000) }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: spanish, field: "serviceArea.radiusMeters" });
    expect(spanish).not.toBe(REFUSED);
  });

  it("lets a tenant the CLI made at its widest save its own settings page", async () => {
    using t = await makeApp();
    const made = await cli(
      t.kv,
      "tenant:create",
      "--code",
      "wide",
      "--name",
      "Wide",
      "--lat=34.9",
      "--lng=-82.2",
      "--radius-m",
      "20000",
    );
    expect(made.code).toBe(0);
    expect((await cli(t.kv, "user:grant", "--tenant", "wide", "--phone", "8645550191", "--role", "admin")).code)
      .toBe(0);
    const admin = await signIn(t, "8645550191", "wide");
    const current = (await (await t.request("/wide/api/admin/settings", bearer(admin.token))).json()).settings;
    const saved = await t.request("/wide/api/admin/settings", put(admin.token, current));
    expect(saved.status).toBe(200);
    expect((await saved.json()).settings.serviceArea.radiusMeters).toBe(20_000);
  });
});
