import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { getRoles } from "../../kv/members.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { getSchedule, getTenant } from "../../kv/tenants.ts";
import { runAdmin } from "../../scripts/admin.ts";
import { addFailure, getFailures, getUserByPhone } from "../helpers/kv_reads.ts";
import { listAudit } from "../../kv/audit.ts";
import type { Tenant } from "../../lib/schemas.ts";

async function run(kv: Store, ...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(args, kv, (line) => lines.push(line));
  return { code, out: lines.join("\n") };
}

describe("admin CLI: tenants", () => {
  it("creates a tenant with an empty week and lists it", async () => {
    using kv = await openStore(":memory:");
    const created = await run(
      kv,
      "tenant:create",
      "--code",
      "campus",
      "--name",
      "State Campus",
      "--lat=34.5",
      "--lng=-82.1",
      "--radius-m",
      "600",
      "--area-label",
      "the quad",
    );
    expect(created).toEqual({ code: 0, out: "Created State Campus at /campus" });
    expect(await getTenant(kv, "campus")).toMatchObject({
      name: "State Campus",
      timezone: "America/New_York",
      serviceArea: { lat: 34.5, lng: -82.1, radiusMeters: 600, label: "the quad" },
    });
    expect(Object.values(await getSchedule(kv, "campus")).flat()).toEqual([]);
    expect((await run(kv, "tenant:list")).out).toBe("campus\tState Campus\tAmerica/New_York\t34.5,-82.1 r=600m");
  });

  it("refuses bad input with a message and exit code 1, writing nothing", async () => {
    using kv = await openStore(":memory:");
    const cases: [string[], string][] = [
      [["--code", "api", "--name", "X", "--lat=1", "--lng=1"], "reserved"],
      [["--code", "Big", "--name", "X", "--lat=1", "--lng=1"], "lowercase"],
      [["--code", "ok", "--lat=1", "--lng=1"], "--name is required"],
      [["--code", "ok", "--name", "X", "--lat=91", "--lng=1"], "--lat and --lng"],
      [["--code", "ok", "--name", "X", "--lat=1"], "--lng is required"],
      [["--code", "ok", "--name", "X", "--lat=1", "--lng=1", "--timezone", "Mars/Base"], "unknown time zone"],
      [["--code", "ok", "--name", "X", "--lat", "1", "--lng", "-2"], "ambiguous"],
      [["--code", "ok", "--bogus", "1"], "Unknown option"],
    ];
    for (const [args, message] of cases) {
      const res = await run(kv, "tenant:create", ...args);
      expect(res.code, args.join(" ")).toBe(1);
      expect(res.out, args.join(" ")).toContain(message);
    }
    expect((await run(kv, "tenant:list")).out).toBe("No tenants.");
  });

  it("refuses a code that is taken", async () => {
    using kv = await openStore(":memory:");
    const args = ["tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1"];
    expect((await run(kv, ...args)).code).toBe(0);
    expect(await run(kv, ...args)).toEqual({ code: 1, out: 'Error: A tenant with code "town" already exists' });
  });

  it("sets a tenant's sign-in texts an hour, and refuses bad values and unknown tenants", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    expect(await run(kv, "tenant:update", "--code", "town", "--sms-per-hour", "40")).toEqual({
      code: 0,
      out: "Town may send 40 sign-in texts an hour",
    });
    expect((await kv.get<{ smsPerHour?: number }>(["tenants", "town"])).value?.smsPerHour).toBe(40);
    for (const bad of ["-1", "2.5", "lots", ""]) {
      expect((await run(kv, "tenant:update", "--code", "town", "--sms-per-hour", bad)).code).toBe(1);
    }
    expect((await run(kv, "tenant:update", "--code", "nowhere", "--sms-per-hour", "5")).out)
      .toBe('Error: No tenant with code "nowhere"');
    expect((await kv.get<{ smsPerHour?: number }>(["tenants", "town"])).value?.smsPerHour).toBe(40);
  });

  it("stops a tenant's sign-in texts with --sms-per-hour 0, as its help says, and refuses 1 to 9", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    expect((await run(kv, "help")).out).toContain("0 stops them, else 10 to");
    expect(await run(kv, "tenant:update", "--code", "town", "--sms-per-hour", "0")).toEqual({
      code: 0,
      out: "Town may send 0 sign-in texts an hour",
    });
    expect((await kv.get<{ smsPerHour?: number }>(["tenants", "town"])).value?.smsPerHour).toBe(0);
    expect(await run(kv, "tenant:update", "--code", "town", "--sms-per-hour", "9")).toEqual({
      code: 1,
      out: "Error: --sms-per-hour: Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000",
    });
    expect((await kv.get<{ smsPerHour?: number }>(["tenants", "town"])).value?.smsPerHour).toBe(0);
  });

  it("gives what only super admins may: more than 2,000 sign-in texts an hour, and texting regions", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    expect((await run(kv, "tenant:update", "--code", "town", "--sms-per-hour", "50000")).code).toBe(0);
    expect(await run(kv, "tenant:update", "--code", "town", "--sms-regions", "vi, PR")).toEqual({
      code: 0,
      out: "Town may text US, CA, PR, VI numbers",
    });
    expect((await kv.get(["tenants", "town"])).value).toMatchObject({ smsPerHour: 50_000, smsRegions: ["PR", "VI"] });
    expect(await run(kv, "tenant:update", "--code", "town", "--sms-regions", "GB")).toEqual({
      code: 1,
      out: "Error: --sms-regions: Texting regions must be codes of +1 countries such as PR or JM",
    });
    expect((await run(kv, "tenant:update", "--code", "town", "--sms-regions", "")).out).toBe(
      "Town may text US, CA numbers",
    );
    expect((await kv.get(["tenants", "town"])).value).toMatchObject({ smsRegions: [] });
  });

  it("sets a tenant's own texting number, E.164, one tenant's only, and empties it", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    await run(kv, "tenant:create", "--code", "city", "--name", "City", "--lat=1", "--lng=1");
    expect(await run(kv, "tenant:update", "--code", "town", "--sms-number", "+18645550111")).toEqual({
      code: 0,
      out: "Town: riders text +18645550111",
    });
    expect((await kv.get(["tenants", "town"])).value).toMatchObject({ smsNumber: "+18645550111" });
    expect(await run(kv, "tenant:update", "--code", "city", "--sms-number", "+18645550111")).toEqual({
      code: 1,
      out: "Error: --sms-number: Another organization already texts from this number",
    });
    expect(await run(kv, "tenant:update", "--code", "city", "--sms-number", "8645550112")).toEqual({
      code: 1,
      out: "Error: --sms-number: The texting number must be written +15551234567",
    });
    expect((await run(kv, "tenant:update", "--code", "town", "--sms-number", "")).out).toBe(
      "Town: texts share the site's number",
    );
    expect((await kv.get(["tenants", "town"])).value).toMatchObject({ smsNumber: null });
  });

  it("changes a tenant's name and area with the settings page's rules, recorded as the admin CLI", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    const moved = await run(
      kv,
      "tenant:update",
      "--code",
      "town",
      "--name",
      "Town Transit",
      "--radius-m",
      "1200",
      "--lat=34.5",
      "--area-label",
      "the old mill",
    );
    expect(moved).toEqual({
      code: 0,
      out: "Town Transit: within 1200 m of the old mill (34.5, 1); 500 sign-in texts an hour",
    });
    const stored = (await kv.get<Tenant>(["tenants", "town"])).value!;
    expect(stored).toMatchObject({
      name: "Town Transit",
      serviceArea: { lat: 34.5, lng: 1, radiusMeters: 1200, label: "the old mill" },
    });
    expect((await listAudit(kv, "town")).map((a) => [a.action, a.by])).toEqual([["settings.changed", "admin CLI"]]);
    expect(await run(kv, "tenant:update", "--code", "town", "--radius-m", "50")).toEqual({
      code: 1,
      out: "Error: --radius-m: The radius must be from 200 to 20,000 meters",
    });
    expect(await run(kv, "tenant:update", "--code", "town", "--name", " ")).toEqual({
      code: 1,
      out: "Error: --name: Name must be 1-80 characters",
    });
    expect((await kv.get<Tenant>(["tenants", "town"])).value).toEqual(stored);
  });

  it("sets who may join with --join, refusing anything but open or invite", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    expect(await run(kv, "tenant:update", "--code", "town", "--join", "invite")).toEqual({
      code: 0,
      out: "Town: only people an admin added may join",
    });
    expect((await kv.get<Tenant>(["tenants", "town"])).value?.joinPolicy).toBe("invite");
    expect((await listAudit(kv, "town")).map((a) => [a.action, a.details])).toEqual([
      ["settings.changed", { fields: ["joinPolicy"] }],
    ]);
    expect(await run(kv, "tenant:update", "--code", "town", "--join", "friends")).toEqual({
      code: 1,
      out: "Error: --join: Who may join must be open or invite",
    });
    expect(await run(kv, "tenant:update", "--code", "town", "--join", "open")).toEqual({
      code: 0,
      out: "Town: anyone who signs in may join",
    });
    expect((await kv.get<Tenant>(["tenants", "town"])).value?.joinPolicy).toBe("open");
  });

  it("pauses and resumes a tenant with --status, recorded as the admin CLI; refuses a bad status", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    expect(await run(kv, "tenant:update", "--code", "town", "--status", "suspended")).toEqual({
      code: 0,
      out: "Town is paused",
    });
    expect((await getTenant(kv, "town"))?.status).toBe("suspended");
    expect(await run(kv, "tenant:update", "--code", "town", "--status", "closed")).toEqual({
      code: 1,
      out: "Error: --status must be one of: active, suspended",
    });
    expect((await getTenant(kv, "town"))?.status).toBe("suspended");
    await new Promise((r) => setTimeout(r, 2)); // the audit ids order by the millisecond
    expect(await run(kv, "tenant:update", "--code", "town", "--status", "active", "--name", "Town Transit"))
      .toMatchObject({
        code: 0,
      });
    expect(await getTenant(kv, "town")).toMatchObject({ status: "active", name: "Town Transit" });
    const audit = (await listAudit(kv, "town")).map((a) => [a.action, a.by]);
    expect(audit[0]).toEqual(["tenant.suspended", "admin CLI"]);
    // One command, maybe one millisecond: the two records' order within it is not fixed.
    expect(audit.slice(1).sort()).toEqual([["settings.changed", "admin CLI"], ["tenant.activated", "admin CLI"]]);
    expect(await run(kv, "tenant:update", "--code", "nowhere", "--status", "active")).toEqual({
      code: 1,
      out: 'Error: No tenant with code "nowhere"',
    });
  });

  it("switches a tenant between drivers choosing and automatic dispatch, refusing another mode", async () => {
    using kv = await openStore(":memory:");
    await run(kv, "tenant:create", "--code", "town", "--name", "Town", "--lat=1", "--lng=1");
    expect(await run(kv, "tenant:update", "--code", "town", "--dispatch", "automatic")).toEqual({
      code: 0,
      out: "Town: rides are assigned to vehicles",
    });
    expect((await kv.get<{ dispatchMode?: string }>(["tenants", "town"])).value?.dispatchMode).toBe("automatic");
    expect(await run(kv, "tenant:update", "--code", "town", "--dispatch", "drivers")).toEqual({
      code: 0,
      out: "Town: drivers choose rides",
    });
    expect(await run(kv, "tenant:update", "--code", "town", "--dispatch", "robots")).toEqual({
      code: 1,
      out: "Error: --dispatch: Dispatch must be drivers or automatic",
    });
    expect((await kv.get<{ dispatchMode?: string }>(["tenants", "town"])).value?.dispatchMode).toBe("drivers");
  });

  it("records role changes made here as the admin CLI", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 0);
    await run(kv, "user:grant", "--tenant", "greer", "--phone", "8645550177", "--role", "driver");
    const user = await getUserByPhone(kv, "8645550177");
    const granted = (await listAudit(kv, "greer")).filter((a) => a.action === "role.granted");
    expect(granted.map((a) => [a.by, a.target, a.details])).toEqual([["admin CLI", user!.id, { role: "driver" }]]);
  });

  it("prints help for no command and exits 2 for an unknown one", async () => {
    using kv = await openStore(":memory:");
    expect((await run(kv)).code).toBe(0);
    const unknown = await run(kv, "frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("Usage: deno task admin");
  });
});

describe("admin CLI: users", () => {
  it("grants the dispatcher role", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 0);
    const granted = await run(kv, "user:grant", "--tenant", "greer", "--phone", "8645550178", "--role", "dispatcher");
    expect(granted).toEqual({ code: 0, out: "(864) 555-0178 in City of Greer: dispatcher" });
    expect(await getRoles(kv, "greer", (await getUserByPhone(kv, "8645550178"))!.id)).toEqual(["dispatcher"]);
  });

  it("grants and revokes roles, creating a user who never signed in", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 0);
    const granted = await run(kv, "user:grant", "--tenant", "greer", "--phone", "(864) 555-0177", "--role", "driver");
    expect(granted).toEqual({ code: 0, out: "(864) 555-0177 in City of Greer: driver" });
    const user = await getUserByPhone(kv, "8645550177");
    expect(await getRoles(kv, "greer", user!.id)).toEqual(["driver"]);
    await run(kv, "user:grant", "--tenant", "greer", "--phone", "8645550177", "--role", "admin");
    const revoked = await run(kv, "user:revoke", "--tenant", "greer", "--phone", "8645550177", "--role", "driver");
    expect(revoked.out).toBe("(864) 555-0177 in City of Greer: admin");
    expect(await getRoles(kv, "greer", user!.id)).toEqual(["admin"]);
  });

  it("refuses an unknown tenant, a bad phone or role", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 0);
    const cases: [string[], string][] = [
      [["--tenant", "nowhere", "--phone", "8645550177", "--role", "driver"], 'No tenant with code "nowhere"'],
      [["--tenant", "greer", "--phone", "555", "--role", "driver"], "--phone must be a 10-digit phone number"],
      [
        ["--tenant", "greer", "--phone", "8645550177", "--role", "super"],
        "--role must be one of: rider, driver, dispatcher, admin",
      ],
      [["--phone", "8645550177", "--role", "driver"], "--tenant is required"],
    ];
    for (const [args, message] of cases) {
      const res = await run(kv, "user:grant", ...args);
      expect(res, args.join(" ")).toEqual({ code: 1, out: `Error: ${message}` });
    }
    expect(await getUserByPhone(kv, "8645550177")).toBeNull();
  });

  it("makes and unmakes a super admin", async () => {
    using kv = await openStore(":memory:");
    expect((await run(kv, "user:super", "--phone", "8645550150")).out).toBe("(864) 555-0150 is now a super admin");
    expect((await getUserByPhone(kv, "8645550150"))?.isSuper).toBe(true);
    await run(kv, "user:super", "--phone", "8645550150", "--revoke");
    expect((await getUserByPhone(kv, "8645550150"))?.isSuper).toBe(false);
  });

  it("unlocks a number locked by failed codes", async () => {
    using kv = await openStore(":memory:");
    for (let i = 0; i < 50; i++) await addFailure(kv, "8645550142", 0);
    expect((await getFailures(kv, "8645550142"))?.count).toBe(50);
    expect((await run(kv, "user:unlock", "--phone", "8645550142")).code).toBe(0);
    expect(await getFailures(kv, "8645550142")).toBeNull();
  });

  it("records an unlock in the organisations of the number, or the provider's trail, and says when none was needed", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, Date.now());
    await run(kv, "user:grant", "--tenant", "greer", "--phone", "8645550143", "--role", "rider");
    for (const phone of ["8645550143", "8645550144"]) {
      for (let i = 0; i < 50; i++) await addFailure(kv, phone, Date.now());
      expect(await run(kv, "user:unlock", "--phone", phone)).toEqual({
        code: 0,
        out: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)} can sign in again`,
      });
    }
    const member = await getUserByPhone(kv, "8645550143");
    expect((await listAudit(kv, "greer")).filter((a) => a.action === "signin.unlocked")).toEqual([
      expect.objectContaining({ by: "admin CLI", target: member!.id }),
    ]);
    expect(await listAudit(kv, "-")).toEqual([
      expect.objectContaining({ action: "signin.unlocked", by: "admin CLI", details: { name: "(864) 555-0144" } }),
    ]);
    expect(await run(kv, "user:unlock", "--phone", "8645550144")).toEqual({
      code: 0,
      out: "(864) 555-0144 was not locked",
    });
    expect(await listAudit(kv, "-")).toHaveLength(1);
  });
});

describe("admin CLI: stats", () => {
  it("recounts a tenant's trips, and refuses an unknown tenant", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 0);
    expect(await run(kv, "stats:rebuild", "--tenant", "greer")).toEqual({ code: 0, out: "Recounted 0 trips in greer" });
    expect((await run(kv, "stats:rebuild", "--tenant", "nowhere")).code).toBe(1);
  });
});
