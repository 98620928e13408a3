/**
 * "Download my data": everything the service keeps about one
 * person, and nothing about anyone else. Rides they drove leave out the
 * rider's name, phone, photo, note and comment; rides they took leave out the
 * driver's name and phone: those belong to the other person. What an
 * organisation holds against their number (a block, a pause) is listed too:
 * it is kept by the number, not the account.
 */
import type { StandingRide } from "../lib/standing_rides.ts";
import { listStandingRides } from "./standing_rides.ts";
import type { Store } from "./store.ts";
import type { Account } from "../lib/account.ts";
import type { Lang } from "../lib/i18n/lang.ts";
import type { Need } from "../lib/needs.ts";
import type { Ride, RideFeedback } from "../lib/rides.ts";
import type { Point } from "../lib/geo.ts";
import type { TenantRole } from "../lib/roles.ts";
import type { Tenant } from "../lib/schemas.ts";
import { keys } from "./keys.ts";
import { listUserTenantCodes, type Membership } from "./members.ts";
import { listHolds, termsOf } from "./number_holds.ts";
import { listRidesOfPerson } from "./person_rides.ts";
import { getPhoto } from "./photos.ts";
import { listPushDevices } from "./push_devices.ts";
import { driverRatings } from "./ride_feedback.ts";
import type { DriverState } from "./drivers.ts";
import type { User } from "./users.ts";

/** A ride as its export shows it: the ride's own fields that are the person's to see, and how they took part. */
export type ExportedRide =
  & Pick<
    Ride,
    | "id"
    | "status"
    | "pickup"
    | "pickupName"
    | "dropoff"
    | "destination"
    | "passengerCt"
    | "requestedAt"
    | "scheduledFor"
    | "acceptedAt"
    | "onTheWayAt"
    | "arrivedAt"
    | "pickedUpAt"
    | "completedAt"
    | "canceledAt"
    | "noShowAt"
    | "updatedAt"
    | "needs"
  >
  & {
    tenant: string;
    /** How the person took part. */
    role: "rider" | "driver";
    /** Their own note for the driver (as the rider). */
    note?: string;
    /** Their rating of the ride (as the rider: with their comment; as the driver: the rating they were given). */
    feedback?: RideFeedback | { rating: number; at: number };
  };

export interface AccountExport {
  exportedAt: number;
  profile: Pick<Account, "id" | "name" | "email" | "phoneNumber" | "photoUrl" | "createdAt"> & { superAdmin: boolean };
  /** The stored photo itself, as a data URL; null without one. */
  photo: string | null;
  settings: { language: Lang | null; rideTexts: boolean; textsWithPush: boolean; needs: Need[] };
  /**
   * The devices they get ride alerts on: where each push service delivers them, and when. The devices' own
   * encryption keys are left out: they are the browser's, and a copy of this file should not let anyone push.
   */
  pushDevices: { endpoint: string; expirationTime: number | null; addedAt: number }[];
  memberships: {
    tenant: string;
    name: string | null;
    roles: TenantRole[];
    joinedAt: number;
    blocked: boolean;
    /** A no-show pause carried over from a hold on their number, while it lasts; null when none. */
    pausedUntil: number | null;
  }[];
  /**
   * What organisations hold against their phone number, kept by a keyed hash of it and not by their account
   * (kv/number_holds.ts): a block, or a no-show pause until its end. It outlives a deleted account and applies
   * to whoever signs in with the number.
   */
  heldAgainstNumber: { tenant: string; name: string | null; blocked: boolean; pausedUntil: number | null }[];
  /** Where they drive: what they said about their vehicle, their last position and their ratings. */
  driving: {
    tenant: string;
    isAvailable: boolean;
    location: Point | null;
    updatedAt: number;
    wheelchairAccessible: boolean;
    rating: { average: number; count: number } | null;
  }[];
  rides: ExportedRide[];
  /** Their standing rides (lib/standing_rides.ts) in each organisation they belong to. */
  standingRides: StandingRide[];
}

/** The export of `user`, newest rides last; `numberHash` is their number's keyed hash (lib/number_hash.ts). */
export async function exportAccount(
  kv: Store,
  user: User,
  now: number,
  numberHash: string,
): Promise<AccountExport> {
  const photo = await getPhoto(kv, user.id);
  const codes = await listUserTenantCodes(kv, user.id);
  const memberships: AccountExport["memberships"] = [];
  const driving: AccountExport["driving"] = [];
  const standingRides: StandingRide[] = [];
  for (const code of codes) {
    const [tenant, member, driver] = await kv.getMany<[Tenant, Membership, DriverState]>([
      keys.tenant(code),
      keys.member(code, user.id),
      keys.driver(code, user.id),
    ]);
    if (!member.value) continue;
    memberships.push({
      tenant: code,
      name: tenant.value?.name ?? null,
      roles: member.value.roles,
      joinedAt: member.value.joinedAt,
      blocked: member.value.blocked === true,
      pausedUntil: (member.value.pausedUntil ?? 0) > now ? member.value.pausedUntil! : null,
    });
    standingRides.push(...await listStandingRides(kv, code, user.id));
    const rating = (await driverRatings(kv, code, [user.id])).get(user.id) ?? null;
    if (driver.value || rating) {
      driving.push({
        tenant: code,
        isAvailable: driver.value?.isAvailable ?? false,
        location: driver.value?.location ?? null,
        updatedAt: driver.value?.updatedAt ?? 0,
        wheelchairAccessible: driver.value?.wheelchairAccessible === true,
        rating,
      });
    }
  }
  const heldAgainstNumber: AccountExport["heldAgainstNumber"] = [];
  for (const [code, hold] of await listHolds(kv, numberHash)) {
    const terms = termsOf(hold, now);
    if (!terms.blocked && !terms.pausedUntil) continue;
    const tenant = (await kv.get<Tenant>(keys.tenant(code))).value;
    heldAgainstNumber.push({
      tenant: code,
      name: tenant?.name ?? null,
      blocked: terms.blocked === true,
      pausedUntil: terms.pausedUntil ?? null,
    });
  }
  const rides = (await listRidesOfPerson(kv, user.id)).map((e) => exportedRide(e.value, user.id));
  return {
    exportedAt: now,
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      photoUrl: user.photoUrl,
      createdAt: user.createdAt,
      superAdmin: user.isSuper,
    },
    photo: photo ? `data:${photo.contentType};base64,${encodeBase64(photo.bytes)}` : null,
    settings: {
      language: user.language ?? null,
      rideTexts: user.rideTexts !== false,
      textsWithPush: user.textsWithPush === true,
      needs: user.needs ?? [],
    },
    pushDevices: (await listPushDevices(kv, user.id)).map(({ endpoint, expirationTime, addedAt }) => ({
      endpoint,
      expirationTime,
      addedAt,
    })),
    memberships,
    heldAgainstNumber,
    driving,
    rides,
    standingRides,
  };
}

/** The ride as the person's own: their part of it, without the other person's. */
export function exportedRide(ride: Ride, userId: string): ExportedRide {
  const asRider = ride.creatorId === userId;
  return {
    tenant: ride.tenant,
    role: asRider ? "rider" : "driver",
    id: ride.id,
    status: ride.status,
    pickup: ride.pickup,
    ...(ride.pickupName && { pickupName: ride.pickupName }),
    dropoff: ride.dropoff,
    destination: ride.destination,
    passengerCt: ride.passengerCt,
    requestedAt: ride.requestedAt,
    ...(ride.scheduledFor !== undefined && { scheduledFor: ride.scheduledFor }),
    acceptedAt: ride.acceptedAt,
    onTheWayAt: ride.onTheWayAt,
    arrivedAt: ride.arrivedAt,
    pickedUpAt: ride.pickedUpAt,
    completedAt: ride.completedAt,
    canceledAt: ride.canceledAt,
    noShowAt: ride.noShowAt,
    updatedAt: ride.updatedAt,
    ...(ride.needs?.length && { needs: ride.needs }),
    ...(asRider && ride.note && { note: ride.note }),
    ...(ride.feedback && {
      feedback: asRider ? ride.feedback : { rating: ride.feedback.rating, at: ride.feedback.at },
    }),
  };
}

function encodeBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
