/**
 * Unlocking a number strangers locked with wrong codes (lib/lockout.ts), so
 * someone who never signed in on a device, or lost it, can sign in again:
 *
 * - DELETE /{tenant}/api/users/{id}/sign-in-lock → 204, for the tenant's
 *   admins, about one of its members (404 "User not found" otherwise).
 *   Audited in the tenant ("signin.unlocked") when a lock was lifted.
 * - GET /api/super/locked-numbers → { numbers: [{ phoneNumber, since, until,
 *   name, tenants }] }, super admins: every number locked now.
 * - DELETE /api/super/locked-numbers/{phone} → 204, super admins: any
 *   number (10 digits, else 400). Audited in each organisation the number
 *   belongs to, or the provider's own trail.
 *
 * Unlocking a number that is not locked answers 204 too and records nothing.
 */
import { Hono } from "hono";
import { unlockAny, unlockMember } from "../../domain/sign_in/unlock.ts";
import { lockedNumberViews } from "../../kv/number_locks.ts";
import { maskPhone } from "../../lib/phone.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards, superGuard } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

/** The tenant's admins' unlock of a member's number (mounted under /{tenant}/api). */
export function memberUnlockApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);

  app.delete("/users/:id/sign-in-lock", ...admin, idParam("id", "User not found"), async (c) => {
    const tenant = c.get("tenant").code;
    const userId = c.req.param("id");
    const by = c.get("user").id;
    const unlocked = await unlockMember(kv, { tenant, userId, by, now: clock.now() });
    if (unlocked.refused) return refusalAnswer(c, unlocked);
    if (unlocked.value.lifted) {
      deps.log?.({ event: "auth.unlocked", tenant, userId, by, requestId: c.get("requestId") });
    }
    return c.body(null, 204);
  });

  return app;
}

/** The provider's list of locked numbers and unlock (mounted at /api/super/locked-numbers). */
export function superLocksApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const supers = superGuard(deps, auth);

  app.get("/", ...supers, async (c) => c.json({ numbers: await lockedNumberViews(kv, clock.now()) }));

  app.delete("/:phone", ...supers, async (c) => {
    const by = c.get("user").id;
    const unlocked = await unlockAny(kv, { typed: c.req.param("phone"), by, now: clock.now() });
    if (unlocked.refused) return refusalAnswer(c, unlocked);
    const { phone, lifted } = unlocked.value;
    if (lifted) deps.log?.({ event: "auth.unlocked", phone: maskPhone(phone), by, requestId: c.get("requestId") });
    return c.body(null, 204);
  });

  return app;
}
