import type { Store } from "./store.ts";
import { ulid } from "../lib/ids.ts";
import { SESSION_TTL_MS } from "../lib/jwt.ts";
import { noteAccessChange } from "./access_changes.ts";
import { keys } from "./keys.ts";
import { accessChanged } from "./signed_in.ts";

export interface Session {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

/** A new 30-day session of `userId`, not yet written. */
export function newSession(userId: string, now: number): Session {
  return {
    id: ulid(now) + crypto.randomUUID().replaceAll("-", "").slice(0, 8),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  };
}

/** Adds the writes of `session` to `op` (KV drops it by itself after its 30 days). */
export function addSession(op: Deno.AtomicOperation, session: Session): Deno.AtomicOperation {
  return op.set(keys.session(session.id), session, { expireIn: SESSION_TTL_MS })
    .set(keys.userSession(session.userId, session.id), true, { expireIn: SESSION_TTL_MS });
}

/** A new 30-day session, written. */
export async function createSession(kv: Store, userId: string, now: number): Promise<Session> {
  const session = newSession(userId, now);
  await addSession(kv.atomic(), session).commit();
  return session;
}

/** Whether the session is still good at `now` (KV drops it a little later by itself). */
export function isLive(session: Session, now: number): boolean {
  return session.expiresAt > now;
}

export async function revokeSession(kv: Store, session: Pick<Session, "id" | "userId">): Promise<void> {
  const op = kv.atomic().delete(keys.session(session.id)).delete(keys.userSession(session.userId, session.id));
  noteAccessChange(op, { userId: session.userId, sessionId: session.id }); // its open sockets close at once
  await op.commit();
  accessChanged(kv);
}

/** Ends every session of the user (their tokens stop working on the next call). Answers how many there were. */
export async function revokeAllSessions(kv: Store, userId: string): Promise<number> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: keys.userSessions(userId) })) ids.push(String(e.key[2]));
  for (let i = 0; i < ids.length; i += 100) {
    const op = kv.atomic();
    for (const id of ids.slice(i, i + 100)) op.delete(keys.session(id)).delete(keys.userSession(userId, id));
    noteAccessChange(op, { userId }); // their open sockets close at once
    await op.commit();
    accessChanged(kv);
  }
  return ids.length;
}
