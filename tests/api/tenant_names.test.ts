/**
 * An organisation's name and its area's label reach riders' texts and every
 * page: hidden characters (control characters, bidi overrides and isolates,
 * halves of surrogate pairs) are refused wherever they are set, with the
 * check the other free-text fields use (lib/schemas.ts hasHiddenCharacters):
 * the settings page's call, the provider's console and the admin CLI.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { getTenant } from "../../kv/tenants.ts";
import { runAdmin } from "../../scripts/admin.ts";
import { bearer, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";
import { put } from "../helpers/rides.ts";

const HIDDEN: [string, string][] = [
  ["NUL", "City\u0000of Greer"],
  ["BEL", "City of Greer\u0007"],
  ["right-to-left override", "City of \u202ereerG"],
  ["first-strong isolate", "City \u2068of\u2069 Greer"],
  ["lone surrogate", "City of Greer \ud83d"],
];
/** Names people write: none is refused. */
const FINE = ["Ciudad de Greer – Línea 1", "עיר גריר", "مدينة جرير", "Greer 🚌 Link"];
const AREA = { lat: 34.9387, lng: -82.2271, radiusMeters: 805 };
const NAME_TEXT = "The name contains characters that are not allowed";
const LABEL_TEXT = "The area's name contains characters that are not allowed";

async function cli(kv: Store, ...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(args, kv, (line) => lines.push(line));
  return { code, out: lines.join("\n") };
}

describe("hidden characters in an organisation's name and area label", () => {
  it("are refused by the settings call with 400 naming the field, in either language, and nothing changes", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const stored = await getTenant(t.kv, "greer");
    for (const [what, text] of HIDDEN) {
      const named = await t.request("/greer/api/admin/settings", put(admin.token, { name: text }));
      expect(named.status, what).toBe(400);
      expect(await named.json()).toEqual({ error: NAME_TEXT, field: "name" });
      const labelled = await t.request(
        "/greer/api/admin/settings",
        put(admin.token, { serviceArea: { ...AREA, label: text } }),
      );
      expect(labelled.status, what).toBe(400);
      expect(await labelled.json()).toEqual({ error: LABEL_TEXT, field: "serviceArea.label" });
    }
    expect(await getTenant(t.kv, "greer")).toEqual(stored);
    const spanish = await t.request("/greer/api/admin/settings", {
      ...put(admin.token, { name: HIDDEN[2][1] }),
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}`, "accept-language": "es" },
    });
    expect(await spanish.json()).toEqual({
      error: "El nombre contiene caracteres que no se permiten",
      field: "name",
    });
  });

  it("leave names in any script alone", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (const name of FINE) {
      const res = await t.request(
        "/greer/api/admin/settings",
        put(admin.token, { name, serviceArea: { ...AREA, label: name } }),
      );
      expect(res.status, name).toBe(200);
      expect((await getTenant(t.kv, "greer"))?.name).toBe(name);
    }
  });

  it("are refused by the provider's console when it creates an organisation", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    const body = {
      code: "taylors",
      name: "Taylors Link",
      serviceArea: { ...AREA, label: "downtown Taylors" },
      timezone: "America/New_York",
      adminPhone: "8645550190",
    };
    for (const [what, text] of HIDDEN) {
      const named = await t.request("/api/super/tenants", bearer(boss.token, postJson({ ...body, name: text })));
      expect(named.status, what).toBe(400);
      expect(await named.json()).toEqual({ error: NAME_TEXT, field: "name" });
      const labelled = await t.request(
        "/api/super/tenants",
        bearer(boss.token, postJson({ ...body, serviceArea: { ...body.serviceArea, label: text } })),
      );
      expect(labelled.status, what).toBe(400);
      expect(await labelled.json()).toEqual({ error: LABEL_TEXT, field: "serviceArea.label" });
    }
    expect(await getTenant(t.kv, "taylors")).toBeNull();
    expect((await t.request("/api/super/tenants", bearer(boss.token, postJson(body)))).status).toBe(201);
  });

  it("are refused by the admin CLI's tenant:create and tenant:update, which write nothing", async () => {
    using kv = await openStore(":memory:");
    const create = ["tenant:create", "--code", "town", "--lat=1", "--lng=1"];
    for (const [what, text] of HIDDEN) {
      const named = await cli(kv, ...create, "--name", text);
      expect(named, what).toEqual({ code: 1, out: "Error: --name: Name contains characters that are not allowed" });
      const labelled = await cli(kv, ...create, "--name", "Town", "--area-label", text);
      expect(labelled, what).toEqual({
        code: 1,
        out: "Error: --area-label: Area label contains characters that are not allowed",
      });
    }
    expect(await getTenant(kv, "town")).toBeNull();
    expect((await cli(kv, ...create, "--name", "Town")).code).toBe(0);
    const stored = await getTenant(kv, "town");
    for (const [what, text] of HIDDEN) {
      expect(await cli(kv, "tenant:update", "--code", "town", "--name", text), what).toEqual({
        code: 1,
        out: `Error: --name: ${NAME_TEXT}`,
      });
      expect(await cli(kv, "tenant:update", "--code", "town", "--area-label", text), what).toEqual({
        code: 1,
        out: `Error: --area-label: ${LABEL_TEXT}`,
      });
    }
    expect(await getTenant(kv, "town")).toEqual(stored);
  });
});
