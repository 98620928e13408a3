/**
 * The reused reads of the hottest call (kv/signed_in.ts signedIn, kv/rides.ts
 * recentActiveRideOf) are shared while under way: many calls for the same
 * rider at once cost one KV read, and a change made meanwhile is never served
 * to a call that starts after it.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { createSession } from "../../kv/sessions.ts";
import { accessChanged, signedIn } from "../../kv/signed_in.ts";
import { createRide, recentActiveRideOf } from "../../kv/rides.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";

/** `kv` with its reads counted. */
function counted(kv: Store) {
  const reads = { get: 0, getMany: 0 };
  const spy = new Proxy(kv, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (name === "get" || name === "getMany") {
        return (...args: unknown[]) => {
          reads[name]++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: spy, reads };
}

describe("shared reads", () => {
  it("answers 50 calls for one rider's active ride at once with one KV read", async () => {
    using store = await openStore(":memory:");
    const { kv, reads } = counted(store);
    const ride = await createRide(kv, {
      timeZone: "America/New_York",
      tenant: "greer",
      creatorId: "rider-1",
      pickup: { lat: 34.9387, lng: -82.2271 },
      dropoff: null,
      destination: "City Hall",
      passengerCt: 1,
      rider: { name: null, phoneNumber: "8645550142", photoUrl: null },
    }, 1);
    if (!ride.ok) throw new Error("setup");
    reads.get = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => recentActiveRideOf(kv, "greer", "rider-1")));
    expect(answers.every((r) => r?.id === ride.ride.id)).toBe(true);
    expect(reads.get).toBe(1);
  });

  it("answers 50 calls for one session at once with one KV read, and reads again after a change", async () => {
    using store = await openStore(":memory:");
    const { kv, reads } = counted(store);
    const user = await getOrCreateUserByPhone(kv, "8645550142", 1);
    const session = await createSession(kv, user.id, 1);
    reads.getMany = 0;
    const who = { userId: user.id, sessionId: session.id, tenant: "greer" };
    const answers = await Promise.all(Array.from({ length: 50 }, () => signedIn(kv, who, 2)));
    expect(answers.every((a) => a?.user.id === user.id)).toBe(true);
    expect(reads.getMany).toBe(1);

    const pending = signedIn(kv, who, 2); // kept, then dropped by a change before it is asked for again
    accessChanged(kv);
    await pending;
    await signedIn(kv, who, 2);
    expect(reads.getMany).toBe(2);
  });
});
