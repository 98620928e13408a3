/**
 * No tenant may take a code the site serves at the top level (a tenant at
 * /icons would be hidden by the site's own icons). The paths are found here
 * apart from the app's own check: the first segment of every route the
 * assembled app lists, and every entry of static/; each must be refused as a
 * code by the admin CLI and the provider's console, while an ordinary code is
 * taken.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { getTenant } from "../../kv/tenants.ts";
import { runAdmin } from "../../scripts/admin.ts";
import { assertReservedPaths, topLevelPaths } from "../../server/reserved_paths.ts";
import { bearer, makeApp, postJson, superAdmin } from "../helpers/app.ts";

const STATIC = new URL("../../static/", import.meta.url);

/** Every name in static/ (files served at the root, and folders such as build/). */
async function staticEntries(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(STATIC)) names.push(entry.name);
  return names;
}

async function cli(kv: Store, ...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(args, kv, (line) => lines.push(line));
  return { code, out: lines.join("\n") };
}

const createArgs = (code: string) => ["tenant:create", "--code", code, "--name", "Town", "--lat=1", "--lng=1"];
const consoleBody = (code: string) => ({
  code,
  name: "Town",
  serviceArea: { lat: 34.9, lng: -82.2, radiusMeters: 800, label: "downtown" },
  timezone: "America/New_York",
  adminPhone: "8645550190",
});

describe("tenant codes the site serves at the top level", () => {
  it("are every first segment the app routes and every entry of static/: each is refused by the CLI and the console", async () => {
    using t = await makeApp();
    const served = new Set<string>();
    for (const route of t.app.routes) {
      const first = route.path.split("/")[1] ?? "";
      if (first && !first.startsWith(":") && first !== "*") served.add(first);
    }
    for (const name of await staticEntries()) served.add(name);
    // The icons a phone asks for, and the console.
    expect(served).toContain("icons");
    expect(served).toContain("super");
    expect([...served].length).toBeGreaterThan(15);

    using kv = await openStore(":memory:");
    const boss = await superAdmin(t);
    for (const code of served) {
      const byCli = await cli(kv, ...createArgs(code));
      expect(byCli.code, `CLI ${code}`).toBe(1);
      expect(byCli.out, `CLI ${code}`).toMatch(/^Error: --code: (That tenant code is reserved|Tenant code must be)/);
      const byConsole = await t.request("/api/super/tenants", bearer(boss.token, postJson(consoleBody(code))));
      expect(byConsole.status, `console ${code}`).toBe(400);
      expect((await byConsole.json()).field, `console ${code}`).toBe("code");
      expect(await getTenant(t.kv, code)).toBeNull();
    }
    expect(await cli(kv, "tenant:list")).toEqual({ code: 0, out: "No tenants." });

    // An ordinary code is taken by both, so the refusals above are about the codes.
    expect((await cli(kv, ...createArgs("taylors"))).code).toBe(0);
    const created = await t.request("/api/super/tenants", bearer(boss.token, postJson(consoleBody("taylors"))));
    expect(created.status).toBe(201);
  });

  it("stop the app from being assembled when a top-level path is not reserved", () => {
    const routes = [{ path: "/icons/:file" }, { path: "/:tenant/api/users" }, { path: "/*" }, { path: "/healthz" }];
    expect(topLevelPaths(routes)).toEqual(["healthz", "icons"]);
    expect(() => assertReservedPaths(routes)).not.toThrow();
    expect(() => assertReservedPaths([...routes, { path: "/status" }, { path: "/news/:id" }])).toThrow(
      "Top-level paths missing from RESERVED_CODES (lib/schemas.ts): news, status",
    );
  });
});
