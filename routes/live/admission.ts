/**
 * Who may open which socket. The token is checked as a bearer token is
 * (routes/middleware/auth.ts): signature and expiry, then a live session of
 * that user, then the user. The drivers socket needs the driver or admin role
 * in the tenant (or super); the riders socket any role in it. Asking for
 * every ride (scope=all, the admin trips screen) needs admin or super.
 */
import { withSuper } from "../../kv/accounts.ts";
import { getRoles } from "../../kv/members.ts";
import { getSession } from "../../kv/sessions.ts";
import { getUser } from "../../kv/users.ts";
import type { TokenSigner } from "../../lib/jwt.ts";
import type { Role } from "../../lib/roles.ts";
import type { SocketKind } from "./visibility.ts";

/** Close codes (RFC 6455 section 7.4.1). */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  serverError: 1011,
  tryAgainLater: 1013,
} as const;

export type Admission =
  | { ok: true; userId: string; sessionId: string }
  | { ok: false; code: number; reason: string; userId?: string };

export function mayOpen(kind: SocketKind, roles: readonly Role[], everything = false): boolean {
  if (kind === "riders") return !everything && roles.length > 0;
  if (everything) return roles.some((r) => r === "super" || r === "admin");
  return roles.some((r) => r === "super" || r === "admin" || r === "driver");
}

interface Deps {
  kv: Deno.Kv;
  now: number;
}

/** Whether the session is live, belongs to the user, the user exists and still has a role allowing `kind`. */
export async function stillAllowed(
  { kv, now }: Deps,
  tenant: string,
  kind: SocketKind,
  { userId, sessionId, everything = false }: { userId: string; sessionId: string; everything?: boolean },
): Promise<boolean> {
  const session = await getSession(kv, sessionId, now);
  const user = session && session.userId === userId ? await getUser(kv, userId) : null;
  if (!user) return false;
  return mayOpen(kind, withSuper(await getRoles(kv, tenant, user.id), user), everything);
}

/** The verdict for a connection attempt with `token`. KV failures throw (the caller closes 1011). */
export async function admit(
  deps: Deps & { signer: TokenSigner },
  tenant: string,
  kind: SocketKind,
  token: string | undefined,
  { everything = false }: { everything?: boolean } = {},
): Promise<Admission> {
  const refused = (reason: string, userId?: string): Admission => ({ ok: false, code: CLOSE.policy, reason, userId });
  if (!token) return refused("Authentication required");
  const claims = await deps.signer.verify(token, deps.now);
  const session = claims && await getSession(deps.kv, claims.sessionId, deps.now);
  const user = session && session.userId === claims.userId ? await getUser(deps.kv, session.userId) : null;
  if (!claims || !user) return refused("Session expired");
  const roles = withSuper(await getRoles(deps.kv, tenant, user.id), user);
  if (!mayOpen(kind, roles, everything)) return refused("Access denied", user.id);
  return { ok: true, userId: user.id, sessionId: claims.sessionId };
}
