/**
 * Numbers locked to strangers (lib/lockout.ts: 50 strangers' misses in a
 * year), as admins see and unlock them: a tenant's admins for their members
 * (PUT /{t}/api/users/{id}/unlock), the provider for any number
 * (/api/super/locked-numbers), the operator with `deno task admin user:unlock`.
 * Every unlock by a person is audited in the commit that lifts it.
 */
import type { Store } from "./store.ts";
import { lockedFor, NUMBER_SEND_BUCKETS, type NumberFailures, type NumberLock, YEAR_MS } from "../lib/lockout.ts";
import { PROVIDER_TRAIL } from "../lib/audit_trail.ts";
import { formatPhone } from "../lib/phone.ts";
import { addAudit } from "./audit.ts";
import { keys } from "./keys.ts";
import { listUserTenantCodes } from "./members.ts";
import { getUsers } from "./users.ts";
import { committed, commitWithRetry } from "./retry.ts";

export const UNLOCKED = "signin.unlocked";

/** The lock of a number whose failures say it is locked: the list's record, or one rebuilt from the failures. */
function lockFrom(failures: NumberFailures | null, listed: NumberLock | null, now: number): NumberLock | null {
  if (lockedFor(failures, now) === 0) return null;
  return listed ?? { since: failures!.since, until: failures!.since + YEAR_MS };
}

export interface Unlock {
  phone: string;
  /** The number's user, when it has one (the audit's target). */
  userId: string | null;
  /** Who unlocked it: a user id, or "admin CLI". */
  by: string;
  now: number;
  /** The audit trails the unlock is recorded in (a tenant's code, or PROVIDER_TRAIL). */
  trails: string[];
}

/**
 * Lifts the number's lock: strangers' failures start again from none, and
 * so do the number's send counts. Answers the lock it lifted, or null when it was not locked (then nothing
 * is recorded; failures short of a lock are cleared all the same).
 */
export async function unlockNumber(kv: Store, unlock: Unlock): Promise<NumberLock | null> {
  const { phone, userId, by, now, trails } = unlock;
  return await commitWithRetry("unlock the number", async () => {
    const [failures, listed] = await kv.getMany<[NumberFailures, NumberLock]>([
      keys.numberFailures(phone),
      keys.lockedNumber(phone),
    ]);
    const lock = lockFrom(failures.value, listed.value, now);
    const op = kv.atomic().check(failures, listed).delete(keys.numberFailures(phone)).delete(keys.lockedNumber(phone));
    if (lock) {
      // The strangers who locked it used up its texts too: the owner gets a code at once.
      for (const bucket of NUMBER_SEND_BUCKETS) {
        for await (const e of kv.list({ prefix: keys.rateWindows(bucket, phone) })) op.delete(e.key);
      }
    }
    for (const trail of lock ? trails : []) {
      addAudit(op, trail, {
        at: now,
        action: UNLOCKED,
        by,
        target: userId ?? phone,
        // A number with no account is named by its number, which only the provider's console shows.
        details: userId ? {} : { name: formatPhone(phone) },
      });
    }
    return await committed(op, lock);
  });
}

/** The numbers locked now, oldest lock first (few: each took 50 misses from strangers). */
export async function listLockedNumbers(kv: Store, now: number): Promise<{ phone: string; lock: NumberLock }[]> {
  const out: { phone: string; lock: NumberLock }[] = [];
  for await (const e of kv.list<NumberLock>({ prefix: keys.lockedNumbers() })) {
    if (e.value.until > now) out.push({ phone: String(e.key[1]), lock: e.value });
  }
  return out.sort((a, b) => a.lock.since - b.lock.since);
}

/** Which of these numbers are locked now, with each one's lock. */
export async function locksOf(kv: Store, phones: string[], now: number): Promise<Map<string, NumberLock>> {
  const out = new Map<string, NumberLock>();
  // getMany reads at most 10 keys at a time.
  for (let i = 0; i < phones.length; i += 10) {
    const batch = phones.slice(i, i + 10);
    const entries = await kv.getMany<NumberLock[]>(batch.map((p) => keys.lockedNumber(p)));
    entries.forEach((e, j) => e.value && e.value.until > now && out.set(batch[j], e.value));
  }
  return out;
}

/** The number's user id, or null when nobody has signed in with it or been added with it. */
async function userIdOf(kv: Store, phone: string): Promise<string | null> {
  return (await kv.get<string>(keys.userByPhone(phone))).value;
}

/**
 * The provider's (or the operator's) unlock of any number, recorded in the
 * trail of every organisation the number belongs to, or in the provider's
 * own when it belongs to none.
 */
export async function unlockAnyNumber(
  kv: Store,
  { phone, by, now }: { phone: string; by: string; now: number },
): Promise<NumberLock | null> {
  const userId = await userIdOf(kv, phone);
  const tenants = userId ? await listUserTenantCodes(kv, userId) : [];
  return await unlockNumber(kv, { phone, userId, by, now, trails: tenants.length ? tenants : [PROVIDER_TRAIL] });
}

/** A locked number as the provider's console lists it. */
export interface LockedNumberView {
  phoneNumber: string;
  since: number;
  until: number;
  /** The person's name, when the number has a user who gave one. */
  name: string | null;
  /** The codes of the organisations the number belongs to. */
  tenants: string[];
}

/** Every number locked now, with who it is where known. */
export async function lockedNumberViews(kv: Store, now: number): Promise<LockedNumberView[]> {
  const out: LockedNumberView[] = [];
  for (const { phone, lock } of await listLockedNumbers(kv, now)) {
    const userId = await userIdOf(kv, phone);
    const user = userId ? (await getUsers(kv, [userId]))[0] : undefined;
    out.push({
      phoneNumber: phone,
      since: lock.since,
      until: lock.until,
      name: user?.name ?? null,
      tenants: userId ? await listUserTenantCodes(kv, userId) : [],
    });
  }
  return out;
}
