/**
 * Who may open which socket. A ticket (kv/tickets.ts) is used up and must be
 * for this tenant; a token is checked as a bearer token is
 * (server/middleware/auth.ts): signature and expiry. Either way, then a live
 * session of that user, then the user. The drivers socket needs the driver or admin role
 * in the tenant (or super); the riders socket any role in it. Asking for
 * every ride (scope=all: the admin trips screen, the dispatcher's console)
 * needs the `dispatch` capability (dispatcher, admin or super).
 */
import type { Store } from "../kv/store.ts";
import { withSuper } from "../kv/accounts.ts";
import { readSignedIn } from "../kv/signed_in.ts";
import { redeemTicket } from "../kv/tickets.ts";
import type { TokenSigner } from "../lib/jwt.ts";
import { can, type Role } from "../lib/roles.ts";
import type { Text } from "../lib/i18n/catalogue.ts";
import type { SocketKind } from "./visibility.ts";

/** Close codes (RFC 6455 section 7.4.1). */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  serverError: 1011,
  /** Reconnect now: the person's rights changed, and a new socket carries them. */
  serviceRestart: 1012,
  tryAgainLater: 1013,
} as const;

export type Admission =
  | { ok: true; userId: string; sessionId: string }
  /** `reason`: the close reason, and the 401's catalogue text when nobody signed in. */
  | { ok: false; code: number; reason: Text; userId?: string };

export function mayOpen(kind: SocketKind, roles: readonly Role[], everything = false): boolean {
  if (kind === "riders") return !everything && can(roles, "ride");
  return can(roles, everything ? "dispatch" : "drive");
}

interface Deps {
  kv: Store;
  now: number;
}

/**
 * The person's roles in `tenant` ("super" included), read fresh in one KV
 * read with their session and user (never the 5 s reuse of HTTP calls: a
 * socket's check is what notices a change made by another process); null
 * when the session is revoked, expired or not theirs, or the user is gone.
 */
async function rolesNow(
  { kv, now }: Deps,
  tenant: string,
  who: { userId: string; sessionId: string },
): Promise<Role[] | null> {
  const found = await readSignedIn(kv, { userId: who.userId, sessionId: who.sessionId, tenant }, now);
  return found && withSuper(found.roles ?? [], found.user);
}

/** Whether the session is live, belongs to the user, the user exists and still has a role allowing `kind`. */
export async function stillAllowed(
  deps: Deps,
  tenant: string,
  kind: SocketKind,
  { userId, sessionId, everything = false }: { userId: string; sessionId: string; everything?: boolean },
): Promise<boolean> {
  const roles = await rolesNow(deps, tenant, { userId, sessionId });
  return roles !== null && mayOpen(kind, roles, everything);
}

/** What a connection presents: a ticket (the islands) or a token (clients of the spec). */
export interface Credentials {
  ticket?: string;
  token?: string;
}

/** The verdict for a connection attempt; a ticket wins over a token. KV failures throw (the caller closes 1011). */
export async function admit(
  deps: Deps & { signer: TokenSigner },
  tenant: string,
  kind: SocketKind,
  { ticket, token }: Credentials,
  { everything = false }: { everything?: boolean } = {},
): Promise<Admission> {
  const refused = (reason: Text, userId?: string): Admission => ({ ok: false, code: CLOSE.policy, reason, userId });
  let claims: { userId: string; sessionId: string } | null;
  if (ticket !== undefined) {
    const grant = await redeemTicket(deps.kv, ticket, deps.now);
    if (!grant || grant.tenant !== tenant) return refused("Ticket expired or already used");
    claims = grant;
  } else {
    if (!token) return refused("Authentication required");
    claims = await deps.signer.verify(token, deps.now);
  }
  if (!claims) return refused("Session expired");
  const roles = await rolesNow(deps, tenant, claims);
  if (!roles) return refused("Session expired");
  if (!mayOpen(kind, roles, everything)) return refused("Access denied", claims.userId);
  return { ok: true, userId: claims.userId, sessionId: claims.sessionId };
}
