/**
 * What a right code leads to (routes/api/auth.ts verify), in one commit: the
 * person's user made on their first sign-in, their rider membership of the
 * tenant they signed in at when they had none, and a new session. It used to
 * be three commits, each synced to the disk; in a burst of sign-ins those
 * queued behind each other (issue 24). A lost race (the same number signing
 * in twice at once) reads again and retries, so one user is made.
 */
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import { committed, commitWithRetry } from "./retry.ts";
import { addSession, newSession, type Session } from "./sessions.ts";
import { accessChanged } from "./signed_in.ts";
import { newUser, type User } from "./users.ts";

export async function startSignedIn(
  kv: Deno.Kv,
  { phone, tenant, now }: { phone: string; tenant: string | null; now: number },
): Promise<{ user: User; session: Session }> {
  const result = await commitWithRetry("sign in", async () => {
    const index = await kv.get<string>(keys.userByPhone(phone));
    const found = index.value ? (await kv.get<User>(keys.user(index.value))).value : null;
    const user = found ?? newUser(phone, now);
    const op = kv.atomic();
    if (!found) {
      op.check(index)
        .check({ key: keys.user(user.id), versionstamp: null })
        .set(keys.user(user.id), user)
        .set(keys.userByPhone(phone), user.id);
    }
    let joined = false;
    if (tenant) {
      const member = await kv.get<Membership>(keys.member(tenant, user.id));
      if (!member.value) {
        joined = true;
        op.check(member)
          .set(keys.member(tenant, user.id), { roles: ["rider"], joinedAt: now } satisfies Membership)
          .set(keys.userTenant(user.id, tenant), true);
      }
    }
    const session = newSession(user.id, now);
    addSession(op, session);
    return await committed(op, { user, session, joined });
  });
  // A new member: reused reads of who may do what are dropped (kv/signed_in.ts).
  if (result.joined) accessChanged(kv);
  return { user: result.user, session: result.session };
}
