/**
 * The provider's organisations, super admins only:
 *
 * - GET /api/super/tenants → [{ code, name, status, members, ridesLast7Days, createdAt }]
 * - POST /api/super/tenants { code, name, serviceArea, timezone, adminPhone } → 201 { tenant }:
 *   an empty schedule, adminPhone its admin (the user made if new); the rules
 *   are every door's (domain/tenants/create.ts); a taken code answers 409. Audited.
 * - PUT /api/super/tenants/{code} { status: "active" | "suspended" } → { tenant }. Audited.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { refuse } from "../../domain/refusal.ts";
import { createTenant } from "../../domain/tenants/create.ts";
import { listTenantOverview, setTenantStatus } from "../../kv/tenant_overview.ts";
import { TENANT_CODE_PATTERN, TENANT_STATUSES } from "../../lib/schemas.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { superGuard } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const createBody = z.record(z.string(), z.unknown());
const statusBody = z.object({
  status: z.enum(TENANT_STATUSES, { error: `Status must be one of: ${TENANT_STATUSES.join(", ")}` }),
});
const NOT_FOUND = refuse(404, "Organization not found");

export function superTenantsApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const supers = superGuard(deps, auth);

  app.get("/", ...supers, async (c) => c.json(await listTenantOverview(kv, clock.now())));

  app.post("/", ...supers, smallBody(), jsonBody(createBody), async (c) => {
    const body = c.req.valid("json");
    const by = c.get("user").id;
    const made = await createTenant(kv, body, {
      by,
      now: clock.now(),
      staff: [{ phone: body.adminPhone, role: "admin", field: "adminPhone" }],
    });
    if (made.refused) return refusalAnswer(c, made);
    deps.log?.({ event: "tenant.created", tenant: made.value.code, by, requestId: c.get("requestId") });
    return c.json({ tenant: made.value }, 201);
  });

  app.put("/:code", ...supers, smallBody(), jsonBody(statusBody), async (c) => {
    const { status } = c.req.valid("json");
    const code = c.req.param("code");
    // No tenant can have a code outside the rules, and a key from a long one would pass KV's 2 KiB limit (a 500).
    if (!TENANT_CODE_PATTERN.test(code)) return refusalAnswer(c, NOT_FOUND);
    const by = c.get("user").id;
    const tenant = await setTenantStatus(kv, code, status, { by, now: clock.now() });
    if (!tenant) return refusalAnswer(c, NOT_FOUND);
    deps.log?.({ event: "tenant.status", tenant: code, status, by, requestId: c.get("requestId") });
    return c.json({ tenant });
  });

  return app;
}
