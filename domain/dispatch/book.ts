/**
 * A dispatcher books a ride for a person who called (POST /{t}/api/dispatch/bookings). The number is read as
 * sign-in reads it (10 digits, a number the tenant may text); the person is the one with that number, or a new
 * rider of the tenant, the tenant's join policy aside (a dispatcher adds them as an admin would). The ride is then
 * asked for through the rider's own request (domain/rides/request.ts), with its rules, refusals and texts, as the
 * person: their needs, their no-show pause, their one active ride.
 *
 * All or nothing: the new person, their membership and the audit record of who booked for whom are written in the
 * ride's own commit (kv/rides.ts AlongsideWrite), so a refused booking leaves no person, no membership and no
 * record behind. What the commit was decided on (the number's person, the membership, the number's hold) is
 * checked in it; when any moved, the booking is decided again, BOOKING_ATTEMPTS times in all.
 *
 * A person blocked here is refused as their own request would be (403, SUSPENDED); a number the tenant holds a
 * block or a pause against (kv/number_holds.ts) is refused as it would be once the person joined. At most
 * BOOKINGS_PER_HOUR bookings per dispatcher, counted in KV for every booking with a sound number.
 */
import type { KeyObject } from "node:crypto";
import { addAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import type { Membership } from "../../kv/members.ts";
import { noShowStanding } from "../../kv/no_shows.ts";
import { type NumberHold, termsOf } from "../../kv/number_holds.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import type { AlongsideWrite } from "../../kv/rides.ts";
import { accessChanged } from "../../kv/signed_in.ts";
import { newUser, type User } from "../../kv/users.ts";
import { SUSPENDED } from "../../lib/joining.ts";
import { suspended } from "../../lib/no_show_texts.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { BOOKINGS_PER_HOUR, PERSON_CHANGED_TEXT, TOO_MANY_BOOKINGS } from "../../lib/phone_booking.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { isTextable, NOT_TEXTABLE } from "../../lib/textable.ts";
import { done, type Outcome, refuse, refuseSaid } from "../refusal.ts";
import { type RequestDeps, requestRide, type RideRequestInput } from "../rides/request.ts";

/** Times a booking is decided again after the person it was for moved under it. */
export const BOOKING_ATTEMPTS = 3;

export interface BookingDeps extends RequestDeps {
  numberKey: KeyObject;
}

export interface Booking {
  tenant: Tenant;
  /** The dispatcher. */
  by: string;
  phoneNumber: string;
  /** The name of a person new to Hopper (their profile's, and the tenant's label for them); ignored otherwise. */
  name: string | null;
  request: RideRequestInput;
}

export interface Booked {
  ride: Ride;
  rider: User;
  /** Whether the booking made the person, and whether it made them a member here. */
  newPerson: boolean;
  newMember: boolean;
}

/** What the booking is decided on, read at once. */
interface Found {
  user: Deno.KvEntryMaybe<User> | null;
  index: Deno.KvEntryMaybe<string>;
  member: Deno.KvEntryMaybe<Membership> | null;
  hold: Deno.KvEntryMaybe<NumberHold>;
}

async function find(kv: RequestDeps["kv"], tenant: string, phone: string, numberHash: string): Promise<Found> {
  const [index, hold] = await kv.getMany<[string, NumberHold]>([
    keys.userByPhone(phone),
    keys.numberHold(numberHash, tenant),
  ]);
  if (!index.value) return { user: null, index, member: null, hold };
  const [user, member] = await kv.getMany<[User, Membership]>([
    keys.user(index.value),
    keys.member(tenant, index.value),
  ]);
  return { user: user.value ? user : null, index, member, hold };
}

const same = (a: Deno.KvEntryMaybe<unknown> | null, b: Deno.KvEntryMaybe<unknown> | null) =>
  (a?.versionstamp ?? null) === (b?.versionstamp ?? null);

/** Books the ride for the person with `input.phoneNumber`, or says which rule refused it. */
export async function bookForRider(deps: BookingDeps, input: Booking): Promise<Outcome<Booked>> {
  const { kv, clock } = deps;
  const { tenant, by } = input;
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) return refuse(400, PHONE_ERROR);
  if (!isTextable(phone, tenant.smsRegions)) return refuse(400, NOT_TEXTABLE);
  const limit = await hitRateLimit(kv, {
    bucket: "dispatch_bookings",
    subject: by,
    limit: BOOKINGS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    now: clock.now(),
  });
  if (!limit.allowed) return refuse(429, TOO_MANY_BOOKINGS, { count: BOOKINGS_PER_HOUR }, limit.retryAfter);
  const numberHash = hashNumber(deps.numberKey, phone);

  for (let attempt = 1;; attempt++) {
    const now = clock.now();
    const found = await find(kv, tenant.code, phone, numberHash);
    const member = found.member?.value ?? null;
    const terms = member ? {} : termsOf(found.hold.value, now);
    if (member?.blocked || terms.blocked) return refuse(403, SUSPENDED);
    const name = input.name?.trim() || null;
    const rider: User = found.user?.value ?? { ...newUser(phone, now), name };
    if (terms.pausedUntil) {
      // The pause the number's hold carries over to the membership, as the person's own request would then meet it.
      const standing = await noShowStanding(kv, tenant.code, rider.id, settingsOf(tenant).noShow, now);
      const until = Math.max(standing.suspendedUntil ?? 0, terms.pausedUntil);
      return refuseSaid(403, suspended({ ...standing, suspendedUntil: until }, tenant.name, tenant.timezone));
    }
    const newPerson = !found.user;
    const newMember = !member;

    const alongside: AlongsideWrite = async (op, ride) => {
      const again = await find(kv, tenant.code, phone, numberHash);
      const moved = !same(again.index, found.index) || !same(again.user, found.user) ||
        !same(again.member, found.member) || (newMember && !same(again.hold, found.hold));
      if (moved) return false;
      op.check(found.index);
      if (newPerson) {
        op.check({ key: keys.user(rider.id), versionstamp: null })
          .set(keys.user(rider.id), rider)
          .set(keys.userByPhone(phone), rider.id);
      } else op.check(found.user!);
      if (newMember) {
        const joined: Membership = {
          roles: ["rider"],
          joinedAt: now,
          invited: true,
          ...(newPerson && name && { label: name }),
        };
        op.check({ key: keys.member(tenant.code, rider.id), versionstamp: null }, found.hold)
          .set(keys.member(tenant.code, rider.id), joined)
          .set(keys.userTenant(rider.id, tenant.code), true);
        if (found.hold.value) op.delete(found.hold.key);
        addAudit(op, tenant.code, {
          at: now,
          action: "user.added",
          by,
          target: rider.id,
          details: { roles: ["rider"] },
        });
      } else op.check(found.member!);
      addAudit(op, tenant.code, {
        at: now,
        action: "ride.booked",
        by,
        target: rider.id,
        details: {
          rideId: ride.id,
          newPerson,
          ...(ride.scheduledFor !== undefined && { scheduledFor: ride.scheduledFor }),
          ...(ride.arriveBy !== undefined && { arriveBy: ride.arriveBy }),
        },
      });
      return true;
    };

    const out = await requestRide(deps, tenant, rider, input.request, { alongside });
    if (out.refused) {
      if (out.text === PERSON_CHANGED_TEXT && attempt < BOOKING_ATTEMPTS) continue;
      return out;
    }
    // Their sessions and the members this isolate reused learn of the new membership at once, as an admin's add.
    if (newMember) accessChanged(kv);
    return done({ ride: out.value, rider, newPerson, newMember });
  }
}
