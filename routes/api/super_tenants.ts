/**
 * The provider's organisations, super admins only:
 *
 * - GET /api/super/tenants → [{ code, name, status, members, ridesLast7Days, createdAt }]
 * - POST /api/super/tenants { code, name, serviceArea, timezone, adminPhone } → 201 { tenant }:
 *   an empty schedule, adminPhone its admin (the user made if new); the code
 *   rules are the admin CLI's; a taken code answers 409. Audited.
 * - PUT /api/super/tenants/{code} { status: "active" | "suspended" } → { tenant }. Audited.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { createTenantWithAdmin, listTenantOverview, setTenantStatus } from "../../kv/tenant_overview.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { normalizePhone } from "../../lib/phone.ts";
import { TENANT_CODE_PATTERN, TENANT_STATUSES, tenantCodeSchema } from "../../lib/schemas.ts";
import { readSettings } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { superGuard } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const ENGLISH = translator("en");
const createBody = z.record(z.string(), z.unknown());
const statusBody = z.object({
  status: z.enum(TENANT_STATUSES, { error: `Status must be one of: ${TENANT_STATUSES.join(", ")}` }),
});
export const CODE_TAKEN = "An organization with this code already exists";
export const TENANT_NOT_FOUND = "Organization not found";

export function superTenantsApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const supers = superGuard(deps, auth);

  app.get("/", ...supers, async (c) => c.json(await listTenantOverview(kv, clock.now())));

  app.post("/", ...supers, smallBody(), jsonBody(createBody), async (c) => {
    const body = c.req.valid("json");
    const code = tenantCodeSchema.safeParse(body.code ?? "");
    if (!code.success) return c.json({ error: code.error.issues[0].message, field: "code" }, 400);
    const read = readSettings({
      name: body.name ?? "",
      serviceArea: body.serviceArea ?? null,
      timezone: body.timezone ?? "",
    }, ENGLISH);
    if (!read.ok) return c.json({ error: read.error, field: read.field }, 400);
    const adminPhone = typeof body.adminPhone === "string" ? normalizePhone(body.adminPhone) : null;
    if (!adminPhone) {
      return c.json({ error: "Please enter a valid 10-digit phone number", field: "adminPhone" }, 400);
    }
    const now = clock.now();
    const { name, serviceArea, timezone } = read.value;
    const tenant = { code: code.data, name: name!, serviceArea: serviceArea!, timezone: timezone!, createdAt: now };
    const by = c.get("user").id;
    if (!await createTenantWithAdmin(kv, tenant, { adminPhone, by, now })) return c.json({ error: CODE_TAKEN }, 409);
    deps.log?.({ event: "tenant.created", tenant: tenant.code, by, requestId: c.get("requestId") });
    return c.json({ tenant }, 201);
  });

  app.put("/:code", ...supers, smallBody(), jsonBody(statusBody), async (c) => {
    const { status } = c.req.valid("json");
    const code = c.req.param("code");
    // No tenant can have a code outside the rules, and a key from a long one would pass KV's 2 KiB limit (a 500).
    if (!TENANT_CODE_PATTERN.test(code)) return c.json({ error: TENANT_NOT_FOUND }, 404);
    const by = c.get("user").id;
    const tenant = await setTenantStatus(kv, code, status, { by, now: clock.now() });
    if (!tenant) return c.json({ error: TENANT_NOT_FOUND }, 404);
    deps.log?.({ event: "tenant.status", tenant: code, status, by, requestId: c.get("requestId") });
    return c.json({ tenant });
  });

  return app;
}
