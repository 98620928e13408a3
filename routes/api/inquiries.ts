import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createInquiry } from "../../kv/inquiries.ts";
import { inquirySchema } from "../../lib/schemas.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { clientAddress } from "../../server/middleware/client_address.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { rateLimit } from "../../server/middleware/rate_limit.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

/** A whole inquiry at its largest fits well inside this. */
export const INQUIRY_MAX_BYTES = 16 * 1024;
/** Per client address: enough for a person, useless for a spammer. */
export const INQUIRY_RATE = { limit: 5, windowMs: 60 * 60 * 1000 };

/** POST /api/inquiries: records a contact-form message (spec section 1). */
export function inquiriesApi({ kv, clock, config }: AppDeps) {
  return new Hono<Env>().post(
    "/",
    bodyLimit({
      maxSize: INQUIRY_MAX_BYTES,
      onError: (c) => refusalAnswer(c, refuse(413, "Message is too large")),
    }),
    rateLimit({
      kv,
      now: () => clock.now(),
      bucket: "inquiries",
      ...INQUIRY_RATE,
      subject: (c) => clientAddress(c, config),
      message: "Too many messages from your network. Please try again later or email us directly.",
    }),
    jsonBody(inquirySchema),
    async (c) => {
      const inquiry = await createInquiry(kv, c.req.valid("json"), clock.now());
      return c.json({ id: inquiry.id }, 201);
    },
  );
}
