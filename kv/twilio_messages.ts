/**
 * The MessageSids of the texts Twilio posted to the webhook (routes/api/sms_inbound.ts),
 * each kept for a day. Twilio's signature covers the form but no time, so a
 * signed STOP captured once could be posted again after START and opt the
 * number out again; a MessageSid seen within the day is answered with
 * nothing and acted on no more.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";

/** How long a MessageSid is remembered. */
export const MESSAGE_SID_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Claims `sid` for this request at `now`: true the first time within the
 * day, false for a repeat. The check and the record are one commit, so of
 * two isolates receiving the same text at once exactly one acts on it.
 */
export async function claimMessageSid(kv: Store, sid: string, now: number): Promise<boolean> {
  const key = keys.twilioMessage(sid);
  const seen = await kv.get<{ at: number }>(key);
  // KV drops an entry some time after its expiry; one older than a day by the app's clock is gone already.
  if (seen.value && now - seen.value.at < MESSAGE_SID_TTL_MS) return false;
  const commit = await kv.atomic().check(seen).set(key, { at: now }, { expireIn: MESSAGE_SID_TTL_MS }).commit();
  return commit.ok;
}
