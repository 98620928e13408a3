/**
 * The one way a tenant is made (domain/tenants/create.ts), as the console,
 * the admin CLI and the demo seed use it: checked, then one commit with its
 * schedule, its staff and (from the console) its audit record.
 */
import { openStore } from "../../kv/open.ts";
import { describe, expect, it } from "vitest";
import { refusalText } from "../../domain/refusal.ts";
import { createTenant, EMPTY_WEEK } from "../../domain/tenants/create.ts";
import { listAudit } from "../../kv/audit.ts";
import { getRoles } from "../../kv/members.ts";
import { getSchedule, getTenant } from "../../kv/tenants.ts";
import { getUserByPhone } from "../helpers/kv_reads.ts";

const TOWN = {
  code: "town",
  name: "  Town   Transit ",
  serviceArea: { lat: 34.9, lng: -82.2, radiusMeters: 800.4, label: "the mill" },
  timezone: "America/Chicago",
};

describe("making a tenant", () => {
  it("keeps the values as the settings page would, with an empty week, its staff and its audit record", async () => {
    using kv = await openStore(":memory:");
    const made = await createTenant(kv, TOWN, {
      by: "boss",
      now: 5,
      staff: [{ phone: "(864) 555-0177", role: "admin", field: "adminPhone" }],
    });
    expect(made).toEqual({
      refused: false,
      value: {
        code: "town",
        name: "Town Transit",
        serviceArea: { lat: 34.9, lng: -82.2, radiusMeters: 800, label: "the mill" },
        timezone: "America/Chicago",
        createdAt: 5,
      },
    });
    expect(await getSchedule(kv, "town")).toEqual(EMPTY_WEEK);
    const admin = await getUserByPhone(kv, "8645550177");
    expect(await getRoles(kv, "town", admin!.id)).toEqual(["admin"]);
    expect((await listAudit(kv, "town")).map((a) => [a.action, a.by, a.details])).toEqual([
      ["tenant.created", "boss", { name: "Town Transit", admin: admin!.id }],
    ]);
  });

  it("refuses a bad field naming it, in either language, writing nothing", async () => {
    using kv = await openStore(":memory:");
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ code: "Town" }, "code", "Tenant code must be 2-32 lowercase letters, digits or hyphens", ""],
      [{ code: "api" }, "code", "That tenant code is reserved", ""],
      [
        { serviceArea: { ...TOWN.serviceArea, radiusMeters: 30_000 } },
        "serviceArea.radiusMeters",
        "The radius must be from 200 to 20,000 meters",
        "20,000",
      ],
      [{ timezone: "Mars/Base" }, "timezone", "Choose a time zone from the list", ""],
    ];
    for (const [change, field, english, inSpanish] of cases) {
      const made = await createTenant(kv, { ...TOWN, ...change }, { now: 1 });
      expect(made.refused && [made.status, made.field, refusalText("en", made)], field).toEqual([400, field, english]);
      const spanish = made.refused ? refusalText("es", made) : "";
      expect(spanish, field).not.toBe(english);
      if (inSpanish) expect(spanish).toContain(inSpanish);
    }
    const badPhone = await createTenant(kv, TOWN, {
      now: 1,
      staff: [{ phone: "12", role: "admin", field: "adminPhone" }],
    });
    expect(badPhone.refused && [badPhone.status, badPhone.field]).toEqual([400, "adminPhone"]);
    expect(await getTenant(kv, "town")).toBeNull();
    expect(await getUserByPhone(kv, "8645550177")).toBeNull();
  });

  it("answers a taken code, or a failed check of the caller's, with 409 and writes nothing", async () => {
    using kv = await openStore(":memory:");
    expect((await createTenant(kv, TOWN, { now: 1 })).refused).toBe(false);
    const again = await createTenant(kv, { ...TOWN, name: "Impostor" }, { now: 2 });
    expect(again.refused && [again.status, refusalText("en", again)]).toEqual([
      409,
      "An organization with this code already exists",
    ]);
    expect((await getTenant(kv, "town"))?.name).toBe("Town Transit");

    const mark = await kv.get(["marks", "x"]);
    await kv.set(["marks", "x"], 1); // someone else moved first
    const checked = await createTenant(kv, { ...TOWN, code: "other" }, {
      now: 3,
      also: (op) => op.check(mark),
    });
    expect(checked.refused && checked.status).toBe(409);
    expect(await getTenant(kv, "other")).toBeNull();
  });
});
