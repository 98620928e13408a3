import type { Store } from "./store.ts";
import type { Lang } from "../lib/i18n/lang.ts";
import type { Need } from "../lib/needs.ts";
import { ulid } from "../lib/ids.ts";
import { noteAccessChange } from "./access_changes.ts";
import { keys } from "./keys.ts";
import { accessChanged } from "./signed_in.ts";
import { committed, commitWithRetry } from "./retry.ts";

export interface User {
  id: string;
  phoneNumber: string;
  name: string | null;
  email: string | null;
  photoUrl: string | null;
  createdAt: number;
  /** Super admins pass every tenant's checks (spec section 6). */
  isSuper: boolean;
  /** The language the person chose with the switch; follows them to another device. */
  language?: Lang;
  /** Texts about their rides (accepted, almost there, here…); absent means on. */
  rideTexts?: boolean;
  /** Texts too when a device with ride alerts on was pushed the notice (default: the push alone). */
  textsWithPush?: boolean;
  /** Standing accessibility needs, copied onto each ride they request; absent means none. */
  needs?: Need[];
}

export async function getUser(kv: Store, id: string): Promise<User | null> {
  return (await kv.get<User>(keys.user(id))).value;
}

/** Many users by id in as few reads as KV allows (getMany takes 10 keys). */
export async function getUsers(kv: Store, ids: string[]): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<User[]>(ids.slice(i, i + 10).map((id) => keys.user(id)));
    for (const e of entries) if (e.value) out.push(e.value);
  }
  return out;
}

/** A person's record as their first sign-in makes it: a phone number and nothing else. */
export function newUser(phone: string, now: number): User {
  return { id: ulid(now), phoneNumber: phone, name: null, email: null, photoUrl: null, createdAt: now, isSuper: false };
}

/** The id of the user with this phone, or null when no one has it. */
export async function findUserIdByPhone(kv: Store, phone: string): Promise<string | null> {
  return (await kv.get<string>(keys.userByPhone(phone))).value;
}

/**
 * The user with this phone, created on first sight. The phone index is
 * claimed in the same commit as the user, so two concurrent first sign-ins
 * end with one user.
 */
export function getOrCreateUserByPhone(kv: Store, phone: string, now: number): Promise<User> {
  return commitWithRetry("create the user", async () => {
    const index = await kv.get<string>(keys.userByPhone(phone));
    if (index.value) {
      const user = await getUser(kv, index.value);
      if (user) return user;
    }
    const user = newUser(phone, now);
    const op = kv.atomic()
      .check(index)
      .check({ key: keys.user(user.id), versionstamp: null })
      .set(keys.user(user.id), user)
      .set(keys.userByPhone(phone), user.id);
    return await committed(op, user);
  });
}

/** Applies `change` to the stored user, retrying on a concurrent write. Null when the user is gone. */
export async function updateUser(
  kv: Store,
  id: string,
  change: (user: User) => User,
): Promise<User | null> {
  const next = await commitWithRetry("update the user", async () => {
    const entry = await kv.get<User>(keys.user(id));
    if (!entry.value) return null;
    const next = change(entry.value);
    const op = kv.atomic().check(entry).set(keys.user(id), next);
    // Made or unmade a super admin (by the admin CLI, another process): their open sockets are checked again at once,
    // and those they may keep are reopened with the new rights.
    if (Boolean(next.isSuper) !== Boolean(entry.value.isSuper)) {
      noteAccessChange(op, { userId: id, ...(next.isSuper && { widened: true }) });
    }
    return await committed(op, next);
  });
  if (next) accessChanged(kv);
  return next;
}
