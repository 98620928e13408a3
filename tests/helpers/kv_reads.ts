/**
 * KV reads and writes only tests need: the app itself never
 * looks a user up by phone without creating them, reads a session without its
 * user, counts a failure outside a guess (kv/otp.ts guessCode), or signs a
 * person in without a code.
 */
import type { Store } from "../../kv/store.ts";
import { keys } from "../../kv/keys.ts";
import { committed, commitWithRetry } from "../../kv/retry.ts";
import { isLive, type Session } from "../../kv/sessions.ts";
import { afterSignIn, type SignedIn, signInWrites } from "../../kv/sign_in.ts";
import { getUser, type User } from "../../kv/users.ts";
import { addNumberFailure, keepFor, type NumberFailures } from "../../lib/lockout.ts";
import type { Ride } from "../../lib/rides.ts";

export async function getUserByPhone(kv: Store, phone: string): Promise<User | null> {
  const id = (await kv.get<string>(keys.userByPhone(phone))).value;
  return id ? await getUser(kv, id) : null;
}

/** The live session with this id, or null when revoked, expired or unknown. */
export async function getSession(kv: Store, id: string, now: number): Promise<Session | null> {
  const session = (await kv.get<Session>(keys.session(id))).value;
  return session && isLive(session, now) ? session : null;
}

/** Strangers' failures at the number this year, or null. */
export async function getFailures(kv: Store, phone: string): Promise<NumberFailures | null> {
  return (await kv.get<NumberFailures>(keys.numberFailures(phone))).value;
}

/** Counts one stranger's failed verify for the phone; returns the new state. */
export function addFailure(kv: Store, phone: string, now: number): Promise<NumberFailures> {
  return commitWithRetry("record the failure", async () => {
    const entry = await kv.get<NumberFailures>(keys.numberFailures(phone));
    const next = addNumberFailure(entry.value, now);
    const op = kv.atomic().check(entry).set(keys.numberFailures(phone), next, { expireIn: keepFor(next, now) });
    return await committed(op, next);
  });
}

/** The id of the ride in a rider's active-ride slot, or null when empty (tests read the slot raw). */
export function slotRideId(slot: Ride | string | null): string | null {
  return slot === null ? null : typeof slot === "string" ? slot : slot.id;
}

/** A sign-in in a commit of its own, without a code (verify makes these writes in the commit that uses the code up). */
export async function startSignedIn(
  kv: Store,
  who: { phone: string; tenant: string | null; now: number },
): Promise<SignedIn> {
  const result = await commitWithRetry("sign in", async () => {
    const op = kv.atomic();
    return await committed(op, await signInWrites(kv, op, who));
  });
  afterSignIn(kv, result);
  return result;
}
