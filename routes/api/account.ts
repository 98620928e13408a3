/**
 * The signed-in person's own account:
 * - DELETE /api/users/me, body { phoneLastFour }: deletes the account (kv/account_deletion.ts) → 204.
 * - GET /api/users/me/export: everything kept about them, as a JSON download (kv/account_export.ts).
 */
import { Hono } from "hono";
import { deleteAccount } from "../../kv/account_deletion.ts";
import { exportAccount } from "../../kv/account_export.ts";
import * as z from "zod/mini";
import {
  CONFIRM_DIGITS_TEXT,
  CONFIRM_MISMATCH_TEXT,
  confirmsDeletion,
  LAST_SUPER_TEXT,
} from "../../lib/account_deletion.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { requireAuth } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { rateLimit } from "../../server/middleware/rate_limit.ts";

/**
 * The DELETE body: four digits. Kept here, not in lib/schemas.ts: only the server parses it, and the
 * Profile Settings bundle, which shares lib/account_deletion.ts, then carries no schema.
 */
const deletionBody = z.object({
  phoneLastFour: z.string({ error: CONFIRM_DIGITS_TEXT }).check(z.regex(/^[0-9]{4}$/, CONFIRM_DIGITS_TEXT)),
});

/** An export reads every ride of every organisation (kv/person_rides.ts): a few an hour is plenty. */
export const EXPORTS_PER_HOUR = 5;
export const EXPORT_LIMIT_TEXT = "You can download your data 5 times an hour. Please try again later.";

export function accountApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log ?? (() => {});
  return new Hono<Env>()
    .use(requireAuth(deps, auth))
    .delete("/", smallBody(), jsonBody(deletionBody), async (c) => {
      const user = c.get("user");
      if (!confirmsDeletion(c.req.valid("json").phoneLastFour, user.phoneNumber)) {
        return c.json({ error: CONFIRM_MISMATCH_TEXT }, 400);
      }
      const requestId = c.get("requestId");
      const result = await deleteAccount(kv, {
        userId: user.id,
        by: user.id,
        now: clock.now(),
        numberHash: hashNumber(auth.numberKey, user.phoneNumber),
      });
      if (!result.ok) {
        return result.reason === "last_super"
          ? c.json({ error: LAST_SUPER_TEXT }, 409)
          : c.json({ error: "User not found" }, 404);
      }
      for (const { ride, from } of result.canceled) {
        log({
          event: "ride.status",
          tenant: ride.tenant,
          userId: user.id,
          rideId: ride.id,
          from,
          to: "canceled",
          requestId,
        });
      }
      log({
        event: "account.deleted",
        userId: user.id,
        tenants: result.tenants,
        canceledRides: result.canceled.length,
        anonymisedRides: result.anonymised,
        sessionsEnded: result.sessionsEnded,
        requestId,
      });
      return c.body(null, 204);
    })
    .get(
      "/export",
      rateLimit({
        kv,
        now: () => clock.now(),
        bucket: "account_exports",
        limit: EXPORTS_PER_HOUR,
        windowMs: 60 * 60 * 1000,
        subject: (c) => c.get("user").id,
        message: EXPORT_LIMIT_TEXT,
      }),
      async (c) => {
        const user = c.get("user");
        const data = await exportAccount(kv, user, clock.now(), hashNumber(auth.numberKey, user.phoneNumber));
        log({ event: "account.exported", userId: user.id, rides: data.rides.length, requestId: c.get("requestId") });
        const day = new Date(clock.now()).toISOString().slice(0, 10);
        return c.body(JSON.stringify(data, null, 2), 200, {
          "content-type": "application/json; charset=utf-8",
          "content-disposition": `attachment; filename="hopper-my-data-${day}.json"`,
          "cache-control": "no-store",
        });
      },
    );
}
