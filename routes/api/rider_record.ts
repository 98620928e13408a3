/**
 * A rider's own record, for members:
 *
 * - GET /rides/history?cursor= → [ride]: their finished rides (completed,
 *   canceled, no-show), newest first, 20 a page; the next page's cursor in
 *   X-Next-Cursor, as the audit log's. 400 "Invalid cursor".
 * - GET /rides/standing → { noShows, suspendedUntil, policy, message }: their
 *   no-shows counted under the tenant's policy, the end of a pause (null when
 *   none) and, while paused, the pause's text in the reader's language, for
 *   the rider screen's warning (lib/no_show.ts).
 * - POST /rides/{id}/feedback {rating, comment?} → 201 { ride }: rates their
 *   completed ride once, within 7 days (lib/ride_feedback.ts). Someone
 *   else's ride is 404, as for every ride a member may not see.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { noShowStanding } from "../../kv/no_shows.ts";
import { rateRide } from "../../kv/ride_feedback.ts";
import { listRideHistory } from "../../kv/ride_history.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { suspendedText } from "../../lib/no_show_texts.ts";
import { readFeedback } from "../../lib/ride_feedback.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

export const HISTORY_PAGE_SIZE = 20;

const feedbackBody = z.object({ rating: z.optional(z.unknown()), comment: z.optional(z.unknown()) });

/** The server words its refusals in English; server/middleware/language.ts puts them into the request's language. */
const ENGLISH = translator("en");

export function riderRecordApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { member } = roleGuards(deps, auth);

  app.get("/rides/history", ...member, async (c) => {
    let page;
    try {
      page = await listRideHistory(kv, c.get("tenant").code, c.get("user").id, {
        limit: HISTORY_PAGE_SIZE,
        cursor: c.req.query("cursor") || undefined,
      });
    } catch {
      return c.json({ error: "Invalid cursor" }, 400);
    }
    if (page.cursor) c.header("x-next-cursor", page.cursor);
    return c.json(page.rides);
  });

  app.get("/rides/standing", ...member, async (c) => {
    const tenant = c.get("tenant");
    const policy = settingsOf(tenant).noShow;
    const standing = await noShowStanding(kv, tenant.code, c.get("user").id, policy, clock.now());
    const message = standing.suspendedUntil
      ? suspendedText(standing, tenant.name, tenant.timezone, translator(c.get("lang")))
      : null;
    return c.json({ noShows: standing.count, suspendedUntil: standing.suspendedUntil, policy, message });
  });

  app.post(
    "/rides/:id/feedback",
    ...member,
    idParam("id", "Ride not found"),
    smallBody(),
    jsonBody(feedbackBody),
    async (c) => {
      const read = readFeedback(c.req.valid("json"), ENGLISH);
      if (!read.ok) return c.json({ error: read.error }, 400);
      const result = await rateRide(kv, {
        tenant: c.get("tenant").code,
        id: c.req.param("id"),
        riderId: c.get("user").id,
        rating: read.rating,
        comment: read.comment,
        now: clock.now(),
      });
      if (!result.ok) {
        return result.reason === "not_found"
          ? c.json({ error: "Ride not found" }, 404)
          : c.json({ error: ENGLISH(result.error) }, 409);
      }
      deps.log?.({
        event: "ride.rated",
        tenant: result.ride.tenant,
        rideId: result.ride.id,
        rating: read.rating,
        requestId: c.get("requestId"),
      });
      return c.json({ ride: result.ride }, 201);
    },
  );

  return app;
}
