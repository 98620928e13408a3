/**
 * What an authenticated request needs, in one KV read: the session, its user
 * and (under /{tenant}) the user's membership there. One getMany costs about
 * what one get does, and a read is reused for SIGNED_IN_REUSE_MS, so the
 * hottest calls mostly pay no KV read at all for who is asking.
 *
 * Reuse never outlives a change made in this process: every write to a
 * session, user or membership calls `accessChanged` after it commits, which
 * drops what is kept (kv/sessions.ts, users.ts, members.ts, photos.ts,
 * user_removal.ts). A change made by another process (the admin CLI) is seen
 * within SIGNED_IN_REUSE_MS.
 */
import type { TenantRole } from "../lib/roles.ts";
import { noteForget } from "./forget_notes.ts";
import { keys } from "./keys.ts";
import { recentReads } from "./recent_reads.ts";
import { type Membership, rolesOf } from "./members.ts";
import { isLive, type Session } from "./sessions.ts";
import type { User } from "./users.ts";

export interface SignedIn {
  session: Session;
  user: User;
  /** The user's roles in `tenant` ([] when not a member); undefined when no tenant was asked. */
  roles?: TenantRole[];
  /** Blocked in `tenant`: their roles there are [] and their calls are refused. */
  blocked?: boolean;
}

export const SIGNED_IN_REUSE_MS = 5000;
const kept = recentReads<SignedIn | null>(SIGNED_IN_REUSE_MS);

/** Call after committing any change to a session, user or membership: later reads see it, in every isolate. */
export function accessChanged(kv: Deno.Kv): void {
  kept.forget(kv);
  noteForget(kv, { what: "signed_in" });
}

/** accessChanged in this isolate only: another isolate made the change (kv/forget_apply.ts). */
export function dropSignedIn(kv: Deno.Kv): void {
  kept.forget(kv);
}

/**
 * readSignedIn, reusing a read of the same session and tenant started in the
 * last SIGNED_IN_REUSE_MS. Calls that arrive while the read is under way share
 * it; accessChanged drops it, read or not, so no call after a change gets it.
 */
export async function signedIn(
  kv: Deno.Kv,
  who: { userId: string; sessionId: string; tenant?: string },
  now: number,
): Promise<SignedIn | null> {
  const key = `${who.sessionId}|${who.userId}|${who.tenant ?? ""}`;
  const found = await kept.read(kv, "", key, () => readSignedIn(kv, who, now));
  return found && isLive(found.session, now) ? found : null;
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
    roles: tenant ? rolesOf(member?.value) : undefined,
    ...(member?.value?.blocked && { blocked: true }),
  };
}
