import type { Store } from "./store.ts";
import { ulid } from "../lib/ids.ts";
import type { InquiryInput } from "../lib/schemas.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";

export interface Inquiry extends InquiryInput {
  id: string;
  createdAt: number;
  /** Marked handled in the provider's inbox: when and by whom; absent until then. */
  handledAt?: number;
  handledBy?: string;
}

/** Stores a contact-form inquiry under a time-ordered id. */
export async function createInquiry(kv: Store, input: InquiryInput, now: number): Promise<Inquiry> {
  const inquiry: Inquiry = { id: ulid(now), createdAt: now, ...input };
  await kv.set(keys.inquiry(inquiry.id), inquiry);
  return inquiry;
}

/** Newest first. */
export async function listInquiries(kv: Store, limit = 100): Promise<Inquiry[]> {
  const out: Inquiry[] = [];
  for await (const e of kv.list<Inquiry>({ prefix: keys.inquiries() }, { limit, reverse: true })) out.push(e.value);
  return out;
}

/**
 * Marks the inquiry handled (once: a second mark keeps the first) in one
 * checked commit; null when there is no such inquiry.
 */
export function markInquiryHandled(kv: Store, id: string, by: string, now: number): Promise<Inquiry | null> {
  return commitWithRetry("mark the inquiry handled", async () => {
    const entry = await kv.get<Inquiry>(keys.inquiry(id));
    if (!entry.value) return null;
    if (entry.value.handledAt !== undefined) return entry.value;
    const next = { ...entry.value, handledAt: now, handledBy: by };
    return await committed(kv.atomic().check(entry).set(keys.inquiry(id), next), next);
  });
}
