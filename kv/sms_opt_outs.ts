/**
 * Numbers that texted STOP to Hopper's number (routes/api/sms_inbound.ts),
 * until they text START. Twilio's own opt-out handling answers the STOP and
 * blocks what its account sends to the number; this record is Hopper's own
 * copy, for texts Hopper decides to send (issue 20's ride texts check
 * `isOptedOut` first and skip the number).
 *
 * Sign-in codes do not check it: a person asked for that code a moment ago
 * on the sign-in page, and refusing it would lock out of their account
 * someone who once stopped ride updates. (While Twilio's own block holds,
 * Twilio refuses the code and the sign-in page says it could not be sent;
 * START lifts both.)
 */
import { keys } from "./keys.ts";

export interface SmsOptOut {
  /** When the number texted STOP (ms since the epoch). */
  at: number;
}

/** Records that `phone` (10 digits) opted out at `now`; a second STOP keeps the first time. */
export async function recordOptOut(kv: Deno.Kv, phone: string, now: number): Promise<void> {
  const key = keys.smsOptOut(phone);
  // Only when absent: two STOPs at once both leave one record with the first time.
  await kv.atomic().check({ key, versionstamp: null }).set(key, { at: now } satisfies SmsOptOut).commit();
}

/** Removes `phone`'s opt-out (START, UNSTOP, YES); nothing when it had none. */
export async function clearOptOut(kv: Deno.Kv, phone: string): Promise<void> {
  await kv.delete(keys.smsOptOut(phone));
}

/** The opt-out of `phone`, or null when Hopper may text it. */
export async function getOptOut(kv: Deno.Kv, phone: string): Promise<SmsOptOut | null> {
  return (await kv.get<SmsOptOut>(keys.smsOptOut(phone))).value;
}

/** True when `phone` texted STOP and has not texted START since: send it nothing but the codes it asks for. */
export async function isOptedOut(kv: Deno.Kv, phone: string): Promise<boolean> {
  return (await getOptOut(kv, phone)) !== null;
}
