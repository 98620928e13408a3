/**
 * Conversations booking a ride by text that wait for a person (dispatchers,
 * admins and super admins), for the dispatcher's console:
 *
 * - GET /dispatch/conversations → {conversations: [{id, phone, language, step, pickup, dropoff, startedAt,
 *   updatedAt, transcript: [{from, text, at}]}]}: oldest first. `text` is what the rider typed, as typed: a
 *   screen shows it as text, never as markup.
 * - POST /dispatch/conversations/{id}/reply {text} → {conversation}: texted to the rider from the tenant's
 *   number and added to the transcript (domain/sms_booking/person_reply.ts).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { readReply, replyToConversation } from "../../domain/sms_booking/person_reply.ts";
import { listWaiting } from "../../kv/sms_conversations.ts";
import { CONVERSATION_NOT_FOUND } from "../../lib/sms_booking_texts.ts";
import type { Conversation } from "../../lib/sms_conversation.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { noticeDeps } from "../../server/rider_updates.ts";

const replyBody = z.object({ text: z.optional(z.unknown()) });

/** A conversation as a dispatcher reads it. */
function conversationView(c: Conversation) {
  return {
    id: c.id,
    phone: c.phone,
    language: c.lang,
    step: c.step,
    pickup: c.pickup?.name ?? null,
    dropoff: c.dropoff?.name ?? null,
    startedAt: c.startedAt,
    updatedAt: c.updatedAt,
    transcript: c.transcript,
  };
}

export function smsConversationsApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { dispatcher } = roleGuards(deps, auth);
  const textDeps = noticeDeps(deps);
  const conversationId = idParam("id", CONVERSATION_NOT_FOUND);

  app.get("/dispatch/conversations", ...dispatcher, async (c) => {
    const waiting = await listWaiting(kv, c.get("tenant").code, clock.now());
    return c.json({ conversations: waiting.map(conversationView) });
  });

  app.post(
    "/dispatch/conversations/:id/reply",
    ...dispatcher,
    conversationId,
    smallBody(1024),
    jsonBody(replyBody),
    async (c) => {
      const text = readReply(c.req.valid("json").text);
      if (text.refused) return refusalAnswer(c, text);
      const answer = await replyToConversation(textDeps, {
        tenant: c.get("tenant"),
        id: c.req.param("id"),
        text: text.value,
      });
      if (answer.refused) return refusalAnswer(c, answer);
      deps.log?.({
        event: "sms.person_replied",
        tenant: c.get("tenant").code,
        userId: c.get("user").id,
        requestId: c.get("requestId"),
      });
      return c.json({ conversation: conversationView(answer.value) });
    },
  );

  return app;
}
