/**
 * Conversations booking a ride by text (domain/sms_booking/): one per number
 * and tenant, or per number and "-" on the number tenants share. Each write
 * is checked against what was read, so of two texts racing only one moves the
 * conversation; the other reads it again. A conversation ends after
 * SILENCE_MS without a text, by the app's clock (KV's own expiry, set too,
 * only frees the space some time later). One waiting for a person is kept a
 * day instead, and listed for the tenant's dispatchers.
 */
import type { Conversation } from "../lib/sms_conversation.ts";
import { keys } from "./keys.ts";
import type { Store } from "./store.ts";

export const SILENCE_MS = 30 * 60 * 1000;
/** How long a conversation waiting for a person is kept after its last line. */
export const WAITING_MS = 24 * 60 * 60 * 1000;
/** The scope of a conversation on the number tenants share. */
export const SHARED_SCOPE = "-";
/** Lines kept in a transcript: the newest. */
export const TRANSCRIPT_MAX = 60;

export interface ConversationRead {
  /** The conversation, or null when there is none or it has gone silent too long. */
  conversation: Conversation | null;
  /** What is stored, expired or not: a waiting index of its own goes when it is replaced. */
  stored: Conversation | null;
  versionstamp: string | null;
  key: readonly string[];
}

function lifetime(c: Conversation): number {
  return c.step === "person" ? WAITING_MS : SILENCE_MS;
}

function alive(c: Conversation | null, now: number): Conversation | null {
  return c && now - c.updatedAt < lifetime(c) ? c : null;
}

export async function readConversation(
  kv: Store,
  phone: string,
  scope: string,
  now: number,
): Promise<ConversationRead> {
  const key = keys.smsConversation(phone, scope);
  const entry = await kv.get<Conversation>(key);
  return { conversation: alive(entry.value, now), stored: entry.value, versionstamp: entry.versionstamp, key };
}

/**
 * Writes `next` (or ends the conversation, null) if the entry is still the
 * one `read` saw; false when another text changed it first. The waiting
 * index follows the conversation's step.
 */
export async function writeConversation(
  kv: Store,
  read: ConversationRead,
  next: Conversation | null,
): Promise<boolean> {
  const op = kv.atomic().check({ key: read.key, versionstamp: read.versionstamp });
  const scope = read.key[2];
  const stored = read.stored;
  if (stored?.tenant && stored.step === "person" && (!next || next.step !== "person" || next.id !== stored.id)) {
    op.delete(keys.smsWaiting(stored.tenant, stored.id));
  }
  if (next) {
    const kept = { ...next, transcript: next.transcript.slice(-TRANSCRIPT_MAX) };
    op.set(read.key, kept, { expireIn: lifetime(next) });
    if (next.tenant && next.step === "person") {
      op.set(keys.smsWaiting(next.tenant, next.id), { phone: next.phone, scope }, { expireIn: WAITING_MS });
    }
  } else {
    op.delete(read.key);
  }
  return (await op.commit()).ok;
}

/** The tenant's conversations waiting for a person, oldest first. */
export async function listWaiting(kv: Store, tenant: string, now: number): Promise<Conversation[]> {
  const out: Conversation[] = [];
  for await (const e of kv.list<{ phone: string; scope: string }>({ prefix: keys.smsWaitings(tenant) })) {
    const read = await readConversation(kv, e.value.phone, e.value.scope, now);
    const c = read.conversation;
    if (c && c.step === "person" && c.tenant === tenant && c.id === e.key[2]) out.push(c);
  }
  return out.sort((a, b) => a.updatedAt - b.updatedAt);
}

/** A waiting conversation of `tenant` by id, with its read for a checked write; null when none. */
export async function readWaiting(
  kv: Store,
  tenant: string,
  id: string,
  now: number,
): Promise<ConversationRead | null> {
  const index = await kv.get<{ phone: string; scope: string }>(keys.smsWaiting(tenant, id));
  if (!index.value) return null;
  const read = await readConversation(kv, index.value.phone, index.value.scope, now);
  const c = read.conversation;
  return c && c.step === "person" && c.tenant === tenant && c.id === id ? read : null;
}

/** Ends `phone`'s conversation in `scope` (it texted STOP); nothing when it had none. */
export async function endConversation(kv: Store, phone: string, scope: string): Promise<void> {
  const key = keys.smsConversation(phone, scope);
  const entry = await kv.get<Conversation>(key);
  if (!entry.value) return;
  const op = kv.atomic().check(entry).delete(key);
  if (entry.value.tenant) op.delete(keys.smsWaiting(entry.value.tenant, entry.value.id));
  await op.commit();
}
