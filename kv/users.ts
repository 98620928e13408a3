import { ulid } from "../lib/ids.ts";
import { keys } from "./keys.ts";
import { accessChanged } from "./signed_in.ts";
import { backoff } from "./retry.ts";

export interface User {
  id: string;
  phoneNumber: string;
  name: string | null;
  email: string | null;
  photoUrl: string | null;
  createdAt: number;
  /** Super admins pass every tenant's checks (spec section 6). */
  isSuper: boolean;
}

export async function getUser(kv: Deno.Kv, id: string): Promise<User | null> {
  return (await kv.get<User>(keys.user(id))).value;
}

export async function getUserByPhone(kv: Deno.Kv, phone: string): Promise<User | null> {
  const id = (await kv.get<string>(keys.userByPhone(phone))).value;
  return id ? await getUser(kv, id) : null;
}

/** Many users by id in as few reads as KV allows (getMany takes 10 keys). */
export async function getUsers(kv: Deno.Kv, ids: string[]): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<User[]>(ids.slice(i, i + 10).map((id) => keys.user(id)));
    for (const e of entries) if (e.value) out.push(e.value);
  }
  return out;
}

/**
 * The user with this phone, created on first sight. The phone index is
 * claimed in the same commit as the user, so two concurrent first sign-ins
 * end with one user.
 */
export async function getOrCreateUserByPhone(kv: Deno.Kv, phone: string, now: number): Promise<User> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const index = await kv.get<string>(keys.userByPhone(phone));
    if (index.value) {
      const user = await getUser(kv, index.value);
      if (user) return user;
    }
    const user: User = {
      id: ulid(now),
      phoneNumber: phone,
      name: null,
      email: null,
      photoUrl: null,
      createdAt: now,
      isSuper: false,
    };
    const res = await kv.atomic()
      .check(index)
      .check({ key: keys.user(user.id), versionstamp: null })
      .set(keys.user(user.id), user)
      .set(keys.userByPhone(phone), user.id)
      .commit();
    if (res.ok) return user;
    await backoff(attempt);
  }
  throw new Error("Could not create the user: too much contention");
}

/** Applies `change` to the stored user, retrying on a concurrent write. Null when the user is gone. */
export async function updateUser(
  kv: Deno.Kv,
  id: string,
  change: (user: User) => User,
): Promise<User | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<User>(keys.user(id));
    if (!entry.value) return null;
    const next = change(entry.value);
    const res = await kv.atomic().check(entry).set(keys.user(id), next).commit();
    if (res.ok) {
      accessChanged(kv);
      return next;
    }
    await backoff(attempt);
  }
  throw new Error("Could not update the user: too much contention");
}
