/**
 * A store written by an older Hopper is brought up to date once at start
 * (kv/migrations.ts): rider slots holding only a ride id get the whole ride,
 * and drivers with a ride on-the-way or arrived get their in-progress slot.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { addAudit, listAuditPage } from "../../kv/audit.ts";
import { migrateStore } from "../../kv/migrations.ts";
import { createRide, getActiveRideOf, updateRideStatus } from "../../kv/rides.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { newRide } from "../helpers/rides.ts";

async function rideOf(kv: Store, rider: string, path: RideStatus[]): Promise<Ride> {
  const made = await createRide(kv, newRide(rider), 1);
  if (!made.ok) throw new Error("setup");
  let ride = made.ride;
  for (const to of path) {
    const moved = await updateRideStatus(kv, {
      tenant: "greer",
      id: ride.id,
      to,
      actorId: "driver-1",
      now: 2,
      decide: () => Promise.resolve({ ok: true }),
    });
    if (!moved.ok) throw new Error(`setup: ${to}`);
    ride = moved.ride;
  }
  return ride;
}

describe("migrateStore", () => {
  it("rewrites an id-only rider slot to the whole ride, and empties one whose ride ended", async () => {
    using kv = await openStore(":memory:");
    const active = await rideOf(kv, "rider-1", ["accepted"]);
    await kv.set(keys.riderActive("greer", "rider-1"), active.id); // the older shape
    const ended = await rideOf(kv, "rider-2", []);
    await kv.set(keys.ride("greer", ended.id), { ...ended, status: "completed" }); // as if the slot were left behind
    await kv.set(keys.riderActive("greer", "rider-2"), ended.id);

    expect(await migrateStore(kv)).toEqual({
      riderSlots: 2,
      inProgressSlots: 0,
      oldLocks: 0,
      auditCopies: 0,
      reportRides: 0,
    });
    expect(await getActiveRideOf(kv, "greer", "rider-1")).toEqual(active);
    expect((await kv.get(keys.riderActive("greer", "rider-2"))).versionstamp).toBeNull();
    expect(await migrateStore(kv)).toEqual({
      riderSlots: 0,
      inProgressSlots: 0,
      oldLocks: 0,
      auditCopies: 0,
      reportRides: 0,
    });
  });

  it("gives a driver with a ride on the way the slot an older store lacks, once", async () => {
    using kv = await openStore(":memory:");
    const started = await rideOf(kv, "rider-1", ["accepted", "on-the-way"]);
    await kv.delete(keys.driverInProgress("greer", "driver-1")); // written before the slot existed
    expect(await rideIndexProblems(kv)).not.toEqual([]);

    expect(await migrateStore(kv)).toEqual({
      riderSlots: 0,
      inProgressSlots: 1,
      oldLocks: 0,
      auditCopies: 0,
      reportRides: 0,
    });
    expect((await kv.get(keys.driverInProgress("greer", "driver-1"))).value).toBe(started.id);
    expect(await rideIndexProblems(kv)).toEqual([]);
    expect(await migrateStore(kv)).toEqual({
      riderSlots: 0,
      inProgressSlots: 0,
      oldLocks: 0,
      auditCopies: 0,
      reportRides: 0,
    });
  });
});

describe("old sign-in locks", () => {
  it("are dropped, so no number stays locked for good", async () => {
    using kv = await openStore(":memory:");
    await kv.set(["auth_failures", "8645550142"], { consecutive: 100, lockedUntil: null, permanent: true, total: 100 });
    expect((await migrateStore(kv)).oldLocks).toBe(1);
    expect((await kv.get(["auth_failures", "8645550142"])).value).toBeNull();
    expect((await migrateStore(kv)).oldLocks).toBe(0);
  });
});

describe("audit records kept under their tenant only", () => {
  it("get their copy under the every-tenant prefix once, so the provider's console lists them", async () => {
    using kv = await openStore(":memory:");
    const old = {
      id: "01JB0000000000000000000000",
      at: 1_700_000_000_000,
      action: "user.removed",
      by: "u1",
      target: "u2",
      details: {},
    };
    await kv.set(keys.audit("greer", old.id), old); // written under the tenant only
    const op = kv.atomic();
    const fresh = addAudit(op, "campus", {
      at: 1_800_000_000_000,
      action: "schedule.saved",
      by: "u3",
      target: "campus",
      details: {},
    });
    await op.commit();

    expect((await migrateStore(kv)).auditCopies).toBe(1);
    expect((await kv.get(["migrations", "audit_copies"])).value).toBe(true);
    const page = await listAuditPage(kv, null, { limit: 10 });
    expect(page.values.map((r) => [r.tenant, r.id])).toEqual([["campus", fresh.id], ["greer", old.id]]);
    expect((await migrateStore(kv)).auditCopies).toBe(0);
  });
});
