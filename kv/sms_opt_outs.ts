/**
 * Numbers that texted STOP to Hopper's number (routes/api/sms_inbound.ts),
 * until they text START. Twilio's carriers block what the account
 * sends to such a number, so Hopper sends it nothing either: ride texts are
 * skipped (server/rider_updates.ts), and a sign-in answers 409 "This number
 * has opted out of texts. Text START to {sender} to sign in again." without
 * sending a code (routes/api/auth.ts). Twilio's error 21610, a number the
 * carrier already blocks, is recorded here the same way, whether a sign-in
 * code or a ride text met it.
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
