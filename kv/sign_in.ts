/**
 * What a right code leads to (routes/api/auth.ts verify), in one commit: the
 * person's user made on their first sign-in, their rider membership of the
 * tenant they signed in at when they had none, and a new session. It used to
 * be three commits, each synced to the disk, and then a fourth that used the
 * code up; in a burst of sign-ins those queued behind each other.
 * Verify now adds these writes to the commit that uses the code up. A lost
 * race (the same number signing in twice at once) reads again and retries, so
 * one user is made. And what a login reads before it sends a code.
 */
import { type Admission, admissionRefusal } from "../lib/joining.ts";
import type { DeviceRecord } from "../lib/lockout.ts";
import type { Tenant } from "../lib/schemas.ts";
import { admissionOfUser } from "./admission.ts";
import { keys } from "./keys.ts";
import type { OnRight } from "./otp.ts";
import type { Membership } from "./members.ts";
import { type NumberHold, termsOf } from "./number_holds.ts";
import { addSession, newSession, type Session } from "./sessions.ts";
import { accessChanged } from "./signed_in.ts";
import { newUser, type User } from "./users.ts";

export interface SignedIn {
  user: User;
  session: Session;
  /** Whether the person became a rider of the tenant in this sign-in. */
  joined: boolean;
  /** Whether the user was made in this sign-in (a first sign-in anywhere). */
  created: boolean;
}

interface Who {
  phone: string;
  tenant: string | null;
  now: number;
  /** The number's keyed hash (lib/number_hash.ts): what the tenant holds against it joins the new membership. */
  numberHash?: string;
}

/**
 * Reads what a sign-in of `phone` needs and adds its writes, with checks on
 * what it read, to `op`, so the code is used up in the same commit that opens
 * the session. `index` is the phone's entry of the user index when already
 * read (with the code: signInOnRight). Once `op` has landed, call afterSignIn.
 */
export async function signInWrites(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  { phone, tenant, now, numberHash }: Who,
  index?: Deno.KvEntryMaybe<string>,
  hold?: Deno.KvEntryMaybe<NumberHold>,
): Promise<SignedIn> {
  index ??= await kv.get<string>(keys.userByPhone(phone));
  const userId = index.value;
  const read = userId
    ? await kv.getMany<unknown[]>(tenant ? [keys.user(userId), keys.member(tenant, userId)] : [keys.user(userId)])
    : [];
  const found = read[0] as Deno.KvEntryMaybe<User> | undefined;
  const member = read[1] as Deno.KvEntryMaybe<Membership> | undefined;
  const user = found?.value ?? newUser(phone, now);
  if (!found?.value) {
    op.check(index)
      .check({ key: keys.user(user.id), versionstamp: null })
      .set(keys.user(user.id), user)
      .set(keys.userByPhone(phone), user.id);
  }
  let joined = false;
  if (tenant && !member?.value) {
    joined = true;
    // A block or a pause the tenant holds against the number (kv/number_holds.ts) joins the membership.
    if (numberHash) hold ??= await kv.get<NumberHold>(keys.numberHold(numberHash, tenant));
    op.check(member ?? { key: keys.member(tenant, user.id), versionstamp: null })
      .set(keys.member(tenant, user.id), { roles: ["rider"], joinedAt: now, ...termsOf(hold?.value, now) })
      .set(keys.userTenant(user.id, tenant), true);
    if (hold?.value) op.check(hold).delete(hold.key);
  } else if (tenant && member?.value?.invited) {
    // Added by an admin, now here themselves: the tenant's screens may show their own profile.
    const { invited: _, ...joinedHere } = member.value;
    op.check(member).set(member.key, joinedHere);
  }
  const session = newSession(user.id, now);
  addSession(op, session);
  return { user, session, joined, created: !found?.value };
}

/**
 * A right code's sign-in for guessCode (kv/otp.ts): the phone's user (and
 * what the tenant holds against the number) is read with the code, in one
 * read. At a tenant that does not admit the phone (kv/admission.ts: not
 * invited, blocked, or the number held blocked) the right code is refused
 * with the tenant's text and nothing is written, so only someone holding the
 * code learns why.
 */
export function signInOnRight(
  kv: Deno.Kv,
  { phone, tenant, now, numberHash }: { phone: string; tenant: Tenant | null; now: number; numberHash?: string },
): OnRight<SignedIn> {
  const who: Who = { phone, tenant: tenant?.code ?? null, now, numberHash };
  const read: Deno.KvKey[] = [keys.userByPhone(phone)];
  if (tenant && numberHash) read.push(keys.numberHold(numberHash, tenant.code));
  return {
    read,
    refuse: async ([index, hold]) => {
      if (!tenant) return null;
      const userId = (index as Deno.KvEntryMaybe<string>).value;
      const heldBlocked = (hold as Deno.KvEntryMaybe<NumberHold> | undefined)?.value?.blocked === true;
      return admissionRefusal(await admissionOfUser(kv, tenant, userId, heldBlocked), tenant.name);
    },
    write: (op, [index, hold]) =>
      signInWrites(kv, op, who, index as Deno.KvEntryMaybe<string>, hold as Deno.KvEntryMaybe<NumberHold>),
  };
}

/** What a login knows before it counts and sends a code. */
export interface BeforeCode {
  /** Whether the tenant named admits the phone; null when no tenant was named. */
  admission: Admission | null;
  /** The number texted STOP (kv/sms_opt_outs.ts) and gets no code. */
  optedOut: boolean;
  /** The number signed in from this address in the last 180 days (its own send count, kv/otp.ts). */
  knownAddress: boolean;
  /** The number signed in on this device (its key's hash, lib/device_key.ts): its own send count too. */
  knownDevice: boolean;
}

/**
 * A login's reads before its code, in one read of four keys (and, for a
 * number that has a user at a named tenant, one more of two): in a burst of
 * logins every read waits its turn at the store.
 */
export async function beforeCode(
  kv: Deno.Kv,
  { tenant, phone, address, device, numberHash }: {
    tenant: Tenant | null;
    phone: string;
    address: string;
    device: string | null;
    numberHash?: string;
  },
): Promise<BeforeCode> {
  const read: Deno.KvKey[] = [
    keys.userByPhone(phone),
    keys.smsOptOut(phone),
    keys.knownAddress(phone, address),
    keys.deviceKey(phone, device ?? "-"),
  ];
  // A block the tenant holds against the number itself (kv/number_holds.ts), read with the rest.
  if (tenant && numberHash) read.push(keys.numberHold(numberHash, tenant.code));
  const [index, optOut, known, ownDevice, hold] = await kv.getMany<unknown[]>(read) as [
    Deno.KvEntryMaybe<string>,
    Deno.KvEntryMaybe<unknown>,
    Deno.KvEntryMaybe<number>,
    Deno.KvEntryMaybe<DeviceRecord>,
    Deno.KvEntryMaybe<NumberHold>?,
  ];
  return {
    admission: tenant ? await admissionOfUser(kv, tenant, index.value, hold?.value?.blocked === true) : null,
    optedOut: optOut.value !== null,
    knownAddress: known.value !== null,
    knownDevice: ownDevice.value !== null && !ownDevice.value.void,
  };
}

/**
 * What follows a landed sign-in: a user who joined the tenant has their reused
 * reads of who may do what dropped (kv/signed_in.ts), in every isolate. A user
 * made in this sign-in has nothing to drop: no session but the new one, which
 * nothing has read yet. Dropping would have emptied every isolate's reuse,
 * and held the answer for their word (server/isolates.ts), once per new rider
 * of a burst.
 */
export function afterSignIn(kv: Deno.Kv, signedIn: SignedIn): void {
  if (signedIn.joined && !signedIn.created) accessChanged(kv);
}
