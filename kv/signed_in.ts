/**
 * What an authenticated request needs, in one KV read: the session, its user
 * and (under /{tenant}) the user's membership there. One getMany costs about
 * what one get does, so the hottest calls pay one round trip for all three.
 */
import type { TenantRole } from "../lib/roles.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import { isLive, type Session } from "./sessions.ts";
import type { User } from "./users.ts";

export interface SignedIn {
  session: Session;
  user: User;
  /** The user's roles in `tenant` ([] when not a member); undefined when no tenant was asked. */
  roles?: TenantRole[];
}

/** The live session `sessionId` of `userId` with its user, or null when revoked, expired, foreign or gone. */
export async function readSignedIn(
  kv: Deno.Kv,
  { userId, sessionId, tenant }: { userId: string; sessionId: string; tenant?: string },
  now: number,
): Promise<SignedIn | null> {
  const wanted: Deno.KvKey[] = [keys.session(sessionId), keys.user(userId)];
  if (tenant) wanted.push(keys.member(tenant, userId));
  const [session, user, member] = await kv.getMany(wanted) as [
    Deno.KvEntryMaybe<Session>,
    Deno.KvEntryMaybe<User>,
    Deno.KvEntryMaybe<Membership> | undefined,
  ];
  if (!session.value || !isLive(session.value, now) || session.value.userId !== userId || !user.value) return null;
  return {
    session: session.value,
    user: user.value,
    roles: tenant ? member?.value?.roles ?? [] : undefined,
  };
}
