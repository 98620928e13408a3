import { ulid } from "../lib/ids.ts";
import type { InquiryInput } from "../lib/schemas.ts";
import { keys } from "./keys.ts";

export interface Inquiry extends InquiryInput {
  id: string;
  createdAt: number;
}

/** Stores a contact-form inquiry under a time-ordered id. */
export async function createInquiry(kv: Deno.Kv, input: InquiryInput, now: number): Promise<Inquiry> {
  const inquiry: Inquiry = { id: ulid(now), createdAt: now, ...input };
  await kv.set(keys.inquiry(inquiry.id), inquiry);
  return inquiry;
}

/** Newest first. */
export async function listInquiries(kv: Deno.Kv, limit = 100): Promise<Inquiry[]> {
  const out: Inquiry[] = [];
  for await (const e of kv.list<Inquiry>({ prefix: keys.inquiries() }, { limit, reverse: true })) out.push(e.value);
  return out;
}
