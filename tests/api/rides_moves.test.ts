import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { slotRideId } from "../helpers/kv_reads.ts";
import type { Ride } from "../../lib/rides.ts";
import { addCampus, bearer, makeApp, signIn } from "../helpers/app.ts";
import { CENTRE, move, post, put, requestRide, rideWorld, type TestApp, waitAtPickup } from "../helpers/rides.ts";

type World = Awaited<ReturnType<typeof rideWorld>>;
type Who = "rider" | "otherRider" | "assignedDriver" | "otherDriver" | "admin";

/**
 * The path from pending to each status, made by the demo driver. On the way, the driver then reaches the pickup
 * and waits there (a no-show is legal only after that: lib/no_show_wait.ts, tests/api/no_show_wait.test.ts).
 */
const PATH: Record<string, string[]> = {
  pending: [],
  accepted: ["accepted"],
  "on-the-way": ["accepted", "on-the-way"],
  arrived: ["accepted", "on-the-way", "arrived"],
  completed: ["accepted", "on-the-way", "arrived", "completed"],
  "no-show": ["accepted", "on-the-way", "no-show"],
};

async function rideIn(t: TestApp, w: World, status: string) {
  const { ride } = await (await requestRide(t, w.rider.token)).json();
  for (const step of PATH[status] ?? ["canceled"]) {
    const res = await move(t, w.driver.token, ride.id, step);
    if (res.status !== 200) throw new Error(`setup ${step} answered ${res.status}`);
    if (step === "on-the-way") await waitAtPickup(t, w.driver.token);
  }
  return ride.id as string;
}

function tokenOf(w: World, who: Who) {
  return {
    rider: w.rider.token,
    otherRider: w.rider2.token,
    assignedDriver: w.driver.token,
    otherDriver: w.driver2.token,
    admin: w.admin.token,
  }[who];
}

/**
 * Expected answers for (who, from, to) by the spec's table (section 4). For a
 * pending ride "assignedDriver" is simply a driver (nobody is assigned yet).
 */
function expected(who: Who, from: string, to: string): number {
  const final = ["completed", "canceled", "no-show"].includes(from);
  if (who === "otherRider") return 404;
  if (who === "rider") return to === "canceled" && !final ? 200 : 409;
  if (final) return 409;
  if (who === "otherDriver" && from !== "pending") return 403;
  if (who === "admin" && from !== "pending") return 403; // admins drive only their own rides
  if (to === "canceled") return 200;
  const legal: Record<string, string[]> = {
    pending: ["accepted"],
    accepted: ["on-the-way"],
    "on-the-way": ["arrived", "no-show"],
    arrived: ["completed"],
  };
  return legal[from]?.includes(to) ? 200 : 409;
}

const FROM = ["pending", "accepted", "on-the-way", "arrived", "completed", "canceled", "no-show"];
const TO = ["pending", "accepted", "on-the-way", "arrived", "completed", "canceled", "no-show"];
const WHO: Who[] = ["rider", "otherRider", "assignedDriver", "otherDriver", "admin"];

describe("PUT /{tenant}/api/rides/{id}: the transition table", () => {
  for (const from of FROM) {
    it(`from ${from}: every (actor, to) answers as the spec's table says`, async () => {
      using t = await makeApp();
      const w = await rideWorld(t);
      const mismatches: string[] = [];
      for (const who of WHO) {
        for (const to of TO) {
          if (to === from) continue; // repeats are covered below
          const id = await rideIn(t, w, from);
          const res = await move(t, tokenOf(w, who), id, to);
          const want = expected(who, from, to);
          if (res.status !== want) mismatches.push(`${who} ${from}→${to}: ${res.status}, expected ${want}`);
          const body = await res.json();
          if (res.status === 200) expect(body.ride.status).toBe(to);
          else {
            expect(typeof body.error).toBe("string");
            if (res.status === 409 && want === 409 && who !== "rider") expect(body.error).toContain(`${from} to ${to}`);
          }
          // Leave no active ride behind for the next round.
          const slot = slotRideId((await t.kv.get<Ride | string>(keys.riderActive("greer", w.rider.user.id))).value);
          if (slot) await move(t, w.rider.token, slot, "canceled");
          await t.kv.delete(keys.driverActive("greer", w.driver.user.id, id));
          // The rider misses many pickups here; the no-show pause (tests/api/no_shows.test.ts) is not this test's.
          if (from === "no-show") {
            await t.request(
              `/greer/api/users/${w.rider.user.id}/suspension`,
              bearer(w.admin.token, { method: "DELETE" }),
            );
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("sets the driver and the time of each stage", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await t.request("/api/users/profile", put(w.driver.token, { name: "Dee Driver" }));
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    t.clock.advance(1000);
    const accepted = (await (await move(t, w.driver.token, ride.id, "accepted")).json()).ride;
    expect(accepted).toMatchObject({
      assignedDriverId: w.driver.user.id,
      driverName: "Dee Driver",
      driverPhone: "8645550101",
      acceptedAt: ride.requestedAt + 1000,
    });
    t.clock.advance(1000);
    await move(t, w.driver.token, ride.id, "on-the-way");
    t.clock.advance(1000);
    await move(t, w.driver.token, ride.id, "arrived");
    t.clock.advance(1000);
    const done = (await (await move(t, w.driver.token, ride.id, "completed")).json()).ride;
    const r0 = ride.requestedAt;
    expect(done).toMatchObject({
      onTheWayAt: r0 + 2000,
      arrivedAt: r0 + 3000,
      completedAt: r0 + 4000,
      status: "completed",
    });
    expect(t.log.events.filter((e) => e.event === "ride.status").map((e) => `${e.from}>${e.to}`)).toEqual([
      "pending>accepted",
      "accepted>on-the-way",
      "on-the-way>arrived",
      "arrived>completed",
    ]);
  });

  it("refuses on-the-way while the driver has another ride on the way or arrived", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const first = (await (await requestRide(t, w.rider.token)).json()).ride;
    const second = (await (await requestRide(t, w.rider2.token)).json()).ride;
    await move(t, w.driver.token, first.id, "accepted");
    await move(t, w.driver.token, second.id, "accepted");
    await move(t, w.driver.token, first.id, "on-the-way");
    const blocked = await move(t, w.driver.token, second.id, "on-the-way");
    expect(blocked.status).toBe(409);
    expect(await blocked.json()).toEqual({ error: "Another ride is already in progress" });
    await move(t, w.driver.token, first.id, "arrived");
    expect((await move(t, w.driver.token, second.id, "on-the-way")).status).toBe(409);
    await move(t, w.driver.token, first.id, "completed");
    expect((await move(t, w.driver.token, second.id, "on-the-way")).status).toBe(200);
  });

  it("lets exactly one of many drivers accepting at once win", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const drivers = [w.driver, w.driver2];
    for (let i = 0; i < 6; i++) {
      const d = await signIn(t, `86455502${String(i).padStart(2, "0")}`, "greer");
      await t.request(`/greer/api/user/${d.user.id}/roles`, post(w.admin.token, { role: "driver" }));
      drivers.push(d);
    }
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    const answers = await Promise.all(drivers.map((d) => move(t, d.token, ride.id, "accepted")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403 || s === 409)).toHaveLength(drivers.length - 1);
    const winner = drivers[answers.findIndex((r) => r.status === 200)];
    expect((await t.kv.get<{ assignedDriverId: string }>(keys.ride("greer", ride.id))).value?.assignedDriverId).toBe(
      winner.user.id,
    );
  });

  it("treats a repeat of the same move as harmless", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    const first = await move(t, w.driver.token, ride.id, "accepted");
    const again = await move(t, w.driver.token, ride.id, "accepted");
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await again.json()).ride.status).toBe("accepted");
    expect(t.log.events.filter((e) => e.event === "ride.status")).toHaveLength(1);
    expect((await move(t, w.rider.token, ride.id, "canceled")).status).toBe(200);
    expect((await move(t, w.rider.token, ride.id, "canceled")).status).toBe(200);
  });

  it("refuses an unknown status with 400 and an unknown ride with 404", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    expect((await move(t, w.driver.token, ride.id, "teleported")).status).toBe(400);
    expect((await move(t, w.driver.token, "01NOPE", "accepted")).status).toBe(404);
  });
});

describe("GET /{tenant}/api/driver/rides", () => {
  it("lists pending rides and the driver's own active ones, by status priority then newest", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const riders = [w.rider, w.rider2];
    for (let i = 0; i < 3; i++) riders.push(await signIn(t, `86455503${i}0`, "greer"));
    const ids: string[] = [];
    for (const r of riders) {
      ids.push((await (await requestRide(t, r.token)).json()).ride.id);
      t.clock.advance(1000);
    }
    await move(t, w.driver.token, ids[0], "accepted");
    await move(t, w.driver.token, ids[1], "accepted");
    await move(t, w.driver.token, ids[1], "on-the-way");
    await move(t, w.driver.token, ids[1], "arrived");
    await move(t, w.driver2.token, ids[2], "accepted"); // someone else's: not in this list
    await move(t, w.driver.token, ids[3], "canceled"); // over: not in any list
    const list = await (await t.request("/greer/api/driver/rides", bearer(w.driver.token))).json();
    expect(list.map((r: { id: string; status: string }) => `${r.id}:${r.status}`)).toEqual([
      `${ids[1]}:arrived`,
      `${ids[0]}:accepted`,
      `${ids[4]}:pending`,
    ]);
    expect((await t.request("/greer/api/driver/rides", bearer(w.rider.token))).status).toBe(403);
  });
});

describe("admin trips", () => {
  it("lists trips newest first with the spec's Trip fields, paged by cursor", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { ride } = await (await requestRide(t, w.rider.token, { destination: `Stop ${i}` })).json();
      ids.push(ride.id);
      if (i === 0) {
        await move(t, w.driver.token, ride.id, "accepted");
        await move(t, w.driver.token, ride.id, "canceled");
      } else await move(t, w.rider.token, ride.id, "canceled");
      t.clock.advance(1000);
    }
    const first = await t.request("/greer/api/admin/rides?limit=3", bearer(w.admin.token));
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const page2 = await (await t.request(`/greer/api/admin/rides?limit=3&cursor=${cursor}`, bearer(w.admin.token)))
      .json();
    expect(page2.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(page2[1]).toEqual({
      id: ids[0],
      destination: "Stop 0",
      passengerCount: 1,
      status: "canceled",
      requestedAt: expect.any(Number),
      acceptedAt: expect.any(Number),
      completedAt: null,
      rider: { name: null, phoneNumber: "8645550142" },
      driver: { name: null, phoneNumber: "8645550101" },
    });
    expect(page2[0].driver).toBeUndefined();
    expect((await t.request("/greer/api/admin/rides?cursor=garbage", bearer(w.admin.token))).status).toBe(400);
    for (const token of [w.rider.token, w.driver.token]) {
      const res = await t.request("/greer/api/admin/rides", bearer(token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
  });

  it("deletes a ride with every index entry, for admins only", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    await move(t, w.driver.token, ride.id, "accepted");
    expect((await t.request(`/greer/api/rides/${ride.id}`, bearer(w.driver.token, { method: "DELETE" }))).status).toBe(
      403,
    );
    const res = await t.request(`/greer/api/rides/${ride.id}`, bearer(w.admin.token, { method: "DELETE" }));
    expect(res.status).toBe(200);
    for (
      const key of [
        keys.ride("greer", ride.id),
        keys.activeRide("greer", ride.id),
        keys.riderActive("greer", w.rider.user.id),
        keys.rideByRider("greer", w.rider.user.id, ride.id),
        keys.driverActive("greer", w.driver.user.id, ride.id),
      ]
    ) expect((await t.kv.get(key)).value, key.join("/")).toBeNull();
    expect((await t.request(`/greer/api/rides/${ride.id}`, bearer(w.admin.token, { method: "DELETE" }))).status).toBe(
      404,
    );
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });
});

describe("tenant isolation", () => {
  it("keeps one tenant's people and rides out of another's", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await addCampus(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    // Greer's people are nobody at the campus.
    expect((await t.request("/campus/api/driver/rides", bearer(w.driver.token))).status).toBe(403);
    expect((await t.request("/campus/api/admin/rides", bearer(w.admin.token))).status).toBe(403);
    expect((await t.request("/campus/api/rides", post(w.rider.token, { pickup: CENTRE, destination: "x" }))).status)
      .toBe(403);
    // A campus driver cannot reach a Greer ride through the campus path.
    const campusDriver = await signIn(t, "8645550170", "campus");
    await t.kv.set(keys.member("campus", campusDriver.user.id), { roles: ["driver"], joinedAt: 0 });
    const reach = await t.request(`/campus/api/rides/${ride.id}`, put(campusDriver.token, { status: "accepted" }));
    expect(reach.status).toBe(404);
    expect(await (await t.request("/campus/api/driver/rides", bearer(campusDriver.token))).json()).toEqual([]);
    expect((await t.request(`/greer/api/rides/${ride.id}`, put(campusDriver.token, { status: "accepted" }))).status)
      .toBe(403);
  });
});

describe("contention on one tenant's feed", () => {
  it("commits every one of many simultaneous ride requests", async () => {
    using t = await makeApp();
    await rideWorld(t);
    const riders = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(t, `86455504${String(i).padStart(2, "0")}`, "greer")),
    );
    const answers = await Promise.all(riders.map((r) => requestRide(t, r.token)));
    expect(answers.map((a) => a.status)).toEqual(riders.map(() => 201));
    expect((await t.kv.get<number>(keys.feedHead("greer"))).value).toBe(12);
  });
});
