/**
 * A dispatcher answers a conversation waiting for a person (three replies
 * not understood, or AGENT): the text goes to the rider from the tenant's
 * number, counted in its budget like every booking text, then joins the
 * transcript in a commit checked against what was read (read again when
 * another line came first).
 */
import { readWaiting, writeConversation } from "../../kv/sms_conversations.ts";
import { hasHiddenCharacters } from "../../lib/hidden_characters.ts";
import { translate } from "../../lib/i18n/catalogue.ts";
import type { Tenant } from "../../lib/schemas.ts";
import {
  CONVERSATION_CHANGED,
  CONVERSATION_NOT_FOUND,
  fitTwoSegments,
  PERSON_SAYS,
  REPLY_MAX,
  REPLY_NOT_SENT,
  REPLY_TEXT,
} from "../../lib/sms_booking_texts.ts";
import type { Conversation } from "../../lib/sms_conversation.ts";
import { HIDDEN_CHARACTERS_TEXT } from "../rides/request.ts";
import { done, type Outcome, refuse, refuseField } from "../refusal.ts";
import { sendWorded, type TextDeps } from "./take_text.ts";

const ATTEMPTS = 3;

/** The reply as sent: trimmed, 1 to REPLY_MAX characters, nothing hidden. */
export function readReply(value: unknown): Outcome<string> {
  const text = typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
  if (!text || Array.from(text).length > REPLY_MAX) return refuseField(400, "text", REPLY_TEXT, { max: REPLY_MAX });
  if (hasHiddenCharacters(text)) return refuseField(400, "text", HIDDEN_CHARACTERS_TEXT, { label: { text: "Reply" } });
  return done(text);
}

export async function replyToConversation(
  deps: TextDeps,
  { tenant, id, text }: { tenant: Tenant; id: string; text: string },
): Promise<Outcome<Conversation>> {
  const first = await readWaiting(deps.kv, tenant.code, id, deps.clock.now());
  if (!first?.conversation) return refuse(404, CONVERSATION_NOT_FOUND);
  const lang = first.conversation.lang ?? "en";
  const worded = fitTwoSegments(translate(lang, PERSON_SAYS, { organization: tenant.name, text }));
  if (!(await sendWorded(deps, tenant, first.conversation.phone, worded))) return refuse(502, REPLY_NOT_SENT);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const read = attempt === 0 ? first : await readWaiting(deps.kv, tenant.code, id, now);
    // Sent, though the rider's STOP or a new booking ended the conversation meanwhile: nothing left to record it in.
    if (!read?.conversation) return refuse(404, CONVERSATION_NOT_FOUND);
    const next: Conversation = {
      ...read.conversation,
      updatedAt: now,
      transcript: [...read.conversation.transcript, { from: "dispatcher", text, at: now }],
    };
    if (await writeConversation(deps.kv, read, next)) return done(next);
  }
  return refuse(409, CONVERSATION_CHANGED);
}
