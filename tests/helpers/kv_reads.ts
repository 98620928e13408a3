/**
 * KV reads and writes only tests need (issue 15, item 6): the app itself never
 * looks a user up by phone without creating them, reads a session without its
 * user, or counts a failure outside a guess (kv/otp.ts guessCode).
 */
import { keys } from "../../kv/keys.ts";
import { committed, commitWithRetry } from "../../kv/retry.ts";
import { isLive, type Session } from "../../kv/sessions.ts";
import { getUser, type User } from "../../kv/users.ts";
import { type FailureState, NO_FAILURES, recordFailure } from "../../lib/lockout.ts";
import type { Ride } from "../../lib/rides.ts";

export async function getUserByPhone(kv: Deno.Kv, phone: string): Promise<User | null> {
  const id = (await kv.get<string>(keys.userByPhone(phone))).value;
  return id ? await getUser(kv, id) : null;
}

/** The live session with this id, or null when revoked, expired or unknown. */
export async function getSession(kv: Deno.Kv, id: string, now: number): Promise<Session | null> {
  const session = (await kv.get<Session>(keys.session(id))).value;
  return session && isLive(session, now) ? session : null;
}

export async function getFailures(kv: Deno.Kv, phone: string): Promise<FailureState> {
  return (await kv.get<FailureState>(keys.authFailures(phone))).value ?? NO_FAILURES;
}

/** Counts one failed verify for the phone; returns the new state. */
export function addFailure(kv: Deno.Kv, phone: string, now: number): Promise<FailureState> {
  return commitWithRetry("record the failure", async () => {
    const entry = await kv.get<FailureState>(keys.authFailures(phone));
    const next = recordFailure(entry.value ?? NO_FAILURES, now);
    return await committed(kv.atomic().check(entry).set(keys.authFailures(phone), next), next);
  });
}

/** The id of the ride in a rider's active-ride slot, or null when empty (tests read the slot raw). */
export function slotRideId(slot: Ride | string | null): string | null {
  return slot === null ? null : typeof slot === "string" ? slot : slot.id;
}
