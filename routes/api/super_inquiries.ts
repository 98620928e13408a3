/**
 * The provider's inbox of contact-form inquiries, super admins only:
 *
 * - GET /api/super/inquiries → the newest 200, newest first, each with the
 *   organisation it came from (`tenant`, `tenantName`; null from the public site)
 *   and `handled`.
 * - PUT /api/super/inquiries/{id} { handled: true } → { inquiry }; 404 unknown.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { listInquiries, markInquiryHandled } from "../../kv/inquiries.ts";
import type { Inquiry } from "../../kv/inquiries.ts";
import { listTenants } from "../../kv/tenants.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { superGuard } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

export const INBOX_SIZE = 200;
export const INQUIRY_NOT_FOUND = "Inquiry not found";
const handledBody = z.object({ handled: z.literal(true, "handled must be true") });

function view(inquiry: Inquiry, names: Map<string, string>) {
  return {
    ...inquiry,
    tenant: inquiry.tenant ?? null,
    tenantName: inquiry.tenant ? names.get(inquiry.tenant) ?? null : null,
    handled: inquiry.handledAt !== undefined,
  };
}

export function superInquiriesApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const supers = superGuard(deps, auth);
  const tenantNames = async () => new Map((await listTenants(kv)).map((t) => [t.code, t.name]));

  app.get("/", ...supers, async (c) => {
    const names = await tenantNames();
    return c.json((await listInquiries(kv, INBOX_SIZE)).map((i) => view(i, names)));
  });

  app.put("/:id", ...supers, idParam("id", INQUIRY_NOT_FOUND), smallBody(), jsonBody(handledBody), async (c) => {
    const inquiry = await markInquiryHandled(kv, c.req.param("id"), c.get("user").id, clock.now());
    if (!inquiry) return c.json({ error: INQUIRY_NOT_FOUND }, 404);
    return c.json({ inquiry: view(inquiry, await tenantNames()) });
  });

  return app;
}
