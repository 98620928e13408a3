/**
 * POST /{tenant}/api/ws-ticket → { ticket }: a single-use, 30-second ticket
 * for opening this tenant's sockets as `?ticket=` (docs/live.md "Tickets"),
 * so the islands never put their long-lived token in a URL. Bearer auth; any
 * role in the tenant (or super). At most 60 a minute per user.
 */
import { Hono } from "hono";
import { issueTicket } from "../../kv/tickets.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import { requireAuth, tenantRoles } from "../../server/middleware/auth.ts";
import { rateLimit } from "../../server/middleware/rate_limit.ts";

export const TICKETS_PER_MINUTE = 60;

export function wsTicketApi(deps: AppDeps, auth: AuthServices): Hono<Env> {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  app.post(
    "/",
    requireAuth(deps, auth),
    tenantRoles(deps, { capability: "ride", message: "You are not a member of this service" }),
    rateLimit({
      kv,
      now: () => clock.now(),
      bucket: "ws_tickets",
      limit: TICKETS_PER_MINUTE,
      windowMs: 60_000,
      subject: (c) => c.get("user").id,
    }),
    async (c) => {
      const grant = { userId: c.get("user").id, sessionId: c.get("session").id, tenant: c.get("tenant").code };
      const ticket = await issueTicket(kv, grant, clock.now());
      return c.json({ ticket }, 200, { "cache-control": "no-store" });
    },
  );
  return app;
}
