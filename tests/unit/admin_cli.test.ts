import { describe, expect, it } from "vitest";
import { getSchedule, getTenant } from "../../kv/tenants.ts";
import { runAdmin } from "../../scripts/admin.ts";

async function run(kv: Deno.Kv, ...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(args, kv, (line) => lines.push(line));
  return { code, out: lines.join("\n") };
}

describe("admin CLI: tenants", () => {
  it("creates a tenant with an empty week and lists it", async () => {
    using kv = await Deno.openKv(":memory:");
    const created = await run(
      kv,
      "tenant",
      "create",
      "--code",
      "campus",
      "--name",
      "State Campus",
      "--lat=34.5",
      "--lng=-82.1",
    );
    expect(created).toEqual({ code: 0, out: "Created State Campus at /campus" });
    expect(await getTenant(kv, "campus")).toMatchObject({
      name: "State Campus",
      timezone: "America/New_York",
      serviceArea: { lat: 34.5, lng: -82.1, radiusMeters: 805, label: "downtown State Campus" },
    });
    expect(Object.values(await getSchedule(kv, "campus")).flat()).toEqual([]);
    expect((await run(kv, "tenant", "list")).out).toBe("campus\tState Campus\tAmerica/New_York\t34.5,-82.1 r=805m");
  });

  it("refuses bad input with a message and exit code 1, writing nothing", async () => {
    using kv = await Deno.openKv(":memory:");
    const cases: [string[], string][] = [
      [["--code", "api", "--name", "X", "--lat=1", "--lng=1"], "reserved"],
      [["--code", "ok", "--lat=1", "--lng=1"], "--name is required"],
      [["--code", "ok", "--name", "X", "--lat=91", "--lng=1"], "--lat and --lng"],
      [["--code", "ok", "--name", "X", "--lat=1"], "--lat and --lng"],
      [["--code", "ok", "--name", "X", "--lat=1", "--lng=1", "--timezone", "Mars/Base"], "unknown time zone"],
    ];
    for (const [args, message] of cases) {
      const res = await run(kv, "tenant", "create", ...args);
      expect(res.code, args.join(" ")).toBe(1);
      expect(res.out, args.join(" ")).toContain(message);
    }
    expect((await run(kv, "tenant", "list")).out).toBe("No tenants.");
  });

  it("refuses a code that is taken", async () => {
    using kv = await Deno.openKv(":memory:");
    const args = ["tenant", "create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1"];
    expect((await run(kv, ...args)).code).toBe(0);
    expect(await run(kv, ...args)).toEqual({ code: 1, out: 'Error: A tenant with code "town" already exists' });
  });

  it("prints help for no command and exits 2 for an unknown one", async () => {
    using kv = await Deno.openKv(":memory:");
    expect((await run(kv)).code).toBe(0);
    const unknown = await run(kv, "frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("Usage: deno task admin");
  });
});
