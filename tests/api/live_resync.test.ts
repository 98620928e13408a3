/**
 * Resynchronisation after a gap, per kind of socket (docs/live.md "Gaps"):
 * what drivers and admins were told is kept once per tenant room, not per
 * socket, so these check that each socket is still told exactly about the
 * rides it heard of that left its list: not one it joined too late to hear
 * of, and its own accepted ride only for the driver it is assigned to.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import type { Ride } from "../../lib/rides.ts";
import type { RideStatus } from "../../lib/rides.ts";
import { LiveHub } from "../../live/hub.ts";
import { makeApp } from "../helpers/app.ts";
import { FakeSocket, handWatchedStore, waitFor } from "../helpers/live.ts";
import { INSIDE } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

async function newRide(t: TestApp, creatorId: string): Promise<Ride> {
  const res = await createRide(t.kv, {
    timeZone: "America/New_York",
    tenant: "greer",
    creatorId,
    pickup: INSIDE,
    dropoff: null,
    destination: `Stop of ${creatorId}`,
    passengerCt: 1,
    rider: { name: null, phoneNumber: "8645559999", photoUrl: null },
  }, t.clock.now());
  if (!res.ok) throw new Error(res.reason);
  return res.ride;
}

async function move(t: TestApp, ride: Ride, to: RideStatus, actorId: string): Promise<Ride> {
  const res = await updateRideStatus(t.kv, {
    tenant: "greer",
    id: ride.id,
    to,
    actorId,
    driver: { name: "Dee Driver", phoneNumber: "8645550101" },
    now: t.clock.now(),
    decide: () => Promise.resolve({ ok: true as const }),
  });
  if (!res.ok || !res.changed) throw new Error(`move to ${to} failed`);
  return res.ride;
}

const update = (ride: Ride) => ({ type: "update", ride });
const byId = (a: { ride: Ride }, b: { ride: Ride }) => a.ride.id.localeCompare(b.ride.id);

describe("resynchronising after a gap", () => {
  it("tells each driver and admin socket about exactly the rides that left its list", async () => {
    using t = await makeApp();
    const { store, ring } = handWatchedStore(t.kv);
    const hub = new LiveHub({ kv: store, clock: t.clock, log: t.log }, { initialBackoffMs: 5, maxBackoffMs: 20 });
    const join = async (userId: string, everything = false) => {
      const socket = new FakeSocket();
      hub.open(await hub.join("greer", "drivers", userId, `s-${userId}`, { everything }), socket);
      return socket;
    };
    const early = await join("early");
    const assignee = await join("assignee");
    const admin = await join("admin", true);

    const x = await newRide(t, "alice"); // seq 1
    await ring();
    await waitFor(() => admin.rides().length === 1, "the first ride");
    const late = await join("late"); // joins after X was told
    const y = await newRide(t, "bob"); // seq 2
    await ring();
    await waitFor(() => late.rides().length === 1 && admin.rides().length === 2, "the second ride");

    // X accepted (seq 3) and Y canceled (seq 4) expire unread; Z (seq 5) is still there.
    const accepted = await move(t, x, "accepted", "assignee");
    const canceled = await move(t, y, "canceled", "bob");
    const z = await newRide(t, "carol");
    await t.kv.delete(keys.feed("greer", 3));
    await t.kv.delete(keys.feed("greer", 4));
    await ring();
    // Each socket's resynchronisation is its own (a driver's waits for their vehicle to be read): wait for all four.
    await waitFor(
      () =>
        early.rides().length === 6 && late.rides().length === 4 && assignee.rides().length === 6 &&
        admin.rides().length === 6,
      "the resynchronisation",
    );

    // Told about X and Y (both left its list), then its list: Z.
    expect(early.rides().slice(2)).toEqual([{ type: "new", ride: z }, update(accepted), update(canceled), update(z)]);
    // Joined after X was told: hears only that Y left.
    expect(late.rides().slice(1)).toEqual([{ type: "new", ride: z }, update(canceled), update(z)]);
    // X is in the assignee's list now; Y left it.
    expect(assignee.rides().slice(2, 4)).toEqual([{ type: "new", ride: z }, update(canceled)]);
    expect(assignee.rides().slice(4).sort(byId)).toEqual([update(accepted), update(z)].sort(byId));
    // Admins list every active ride: Y left, X and Z stay.
    expect(admin.rides().slice(2, 4)).toEqual([{ type: "new", ride: z }, update(canceled)]);
    expect(admin.rides().slice(4).sort(byId)).toEqual([update(accepted), update(z)].sort(byId));

    // After the resync, the assignee's own ride goes to them and the admin only.
    const onTheWay = await move(t, accepted, "on-the-way", "assignee"); // seq 6
    await ring();
    await waitFor(() => assignee.rides().length === 7 && admin.rides().length === 7, "the assignee's move");
    expect(assignee.rides()[6]).toEqual(update(onTheWay));
    expect(early.rides().length).toBe(6);

    // A second gap: X completed (seq 7) expires; only those who had X in their list hear it left.
    const completed = await move(t, onTheWay, "completed", "assignee");
    const w = await newRide(t, "dora"); // seq 8
    await t.kv.delete(keys.feed("greer", 7));
    await ring();
    await waitFor(() => early.rides().length === 9, "the second resynchronisation");
    const after = (socket: FakeSocket, from: number) => socket.rides().slice(from).map((m) => m.ride.id);
    expect(after(early, 6)).not.toContain(x.id);
    expect(after(late, 4)).not.toContain(x.id);
    await waitFor(() => admin.rides().length >= 10 && assignee.rides().length >= 10, "the others");
    expect(assignee.rides().slice(7)).toContainEqual(update(completed));
    expect(admin.rides().slice(7)).toContainEqual(update(completed));
    expect(after(assignee, 7)).toContain(w.id);

    hub.closeAll(1000, "");
    await waitFor(() => hub.stats().watchers === 0, "the watch to stop");
  });

  it("tells a rider's socket where its own ride stands after a gap, and nothing of other riders'", async () => {
    using t = await makeApp();
    const { store, ring } = handWatchedStore(t.kv);
    const hub = new LiveHub({ kv: store, clock: t.clock, log: t.log }, { initialBackoffMs: 5, maxBackoffMs: 20 });
    const alice = new FakeSocket();
    hub.open(await hub.join("greer", "riders", "alice", "s-alice", {}), alice);
    const erin = new FakeSocket(); // a rider with no ride
    hub.open(await hub.join("greer", "riders", "erin", "s-erin", {}), erin);

    const mine = await newRide(t, "alice"); // seq 1
    await ring();
    await waitFor(() => alice.rides().length === 1, "alice's own ride");

    // Accepted (seq 2) expires unread; bob's ride (seq 3) is still there.
    const accepted = await move(t, mine, "accepted", "dee");
    await newRide(t, "bob");
    await t.kv.delete(keys.feed("greer", 2));
    await ring();
    await waitFor(() => alice.rides().some((m) => m.ride.status === "accepted"), "the resynchronisation");

    expect(alice.rides().at(-1)).toEqual(update(accepted));
    expect(alice.rides().every((m) => m.ride.creatorId === "alice")).toBe(true);
    expect(erin.rides()).toEqual([]);

    // Still in her list after the resync: a second gap tells her again (on the way, seq 4, expires).
    const onTheWay = await move(t, accepted, "on-the-way", "dee");
    await newRide(t, "carol");
    await t.kv.delete(keys.feed("greer", 4));
    await ring();
    await waitFor(() => alice.rides().some((m) => m.ride.status === "on-the-way"), "the second resynchronisation");
    expect(alice.rides().at(-1)).toEqual(update(onTheWay));
    expect(erin.rides()).toEqual([]);

    hub.closeAll(1000, "");
    await waitFor(() => hub.stats().watchers === 0, "the watch to stop");
  });
});
