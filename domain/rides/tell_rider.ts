/**
 * Where a rider's driver is, and the texts that follow the ride: what is
 * due is decided by lib/rider_notices.ts, claimed once per ride in KV
 * (kv/ride_notices.ts) and texted here.
 *
 * - `trackRide`: the driver's last position, the minutes to the ride's ETA
 *   target (lib/eta.ts) and how late it runs against the time promised, for
 *   GET rides/my and the riders socket's driver-location message.
 * - `rideMoved` / `driverMoved` / `noShowMarked`: after a ride's move or a driver's location
 *   report, the notices due (lib/rider_notices.ts) are claimed once in KV and
 *   pushed to the rider's devices with ride alerts on (domain/push/to_person.ts), else texted in their language,
 *   unless they turned ride texts off or their number opted out; texted too when they asked for both. They run after the answer: a failed text is
 *   logged and never fails the move or the report.
 */
import type { Travel } from "../dispatch/travel.ts";
import type { Store } from "../../kv/store.ts";
import { getDriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import { claimNotices, getNotices } from "../../kv/ride_notices.ts";
import { getRide } from "../../kv/ride_reads.ts";
import { isOptedOut, recordOptOut } from "../../kv/sms_opt_outs.ts";
import { getUser } from "../../kv/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { etaTarget, isTracked, lateMinutes, NEAR_MINUTES, type Tracking } from "../../lib/eta.ts";
import type { Point } from "../../lib/geo.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import type { Logger } from "../../lib/log.ts";
import { maskPhone } from "../../lib/phone.ts";
import { isTextable } from "../../lib/textable.ts";
import {
  canceledNotice,
  type CancelReason,
  type DispatcherCancel,
  dueNotices,
  handedBackNotice,
  handedOverNotice,
  noShowNotice,
  type Notice,
  noticeText,
  unplacedNotice,
} from "../../lib/rider_notices.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import type { EtaSource } from "../../lib/routing.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { SmsError, type SmsSender, TWILIO_OPTED_OUT } from "../../lib/sms.ts";
import { riderShuttle } from "./rider_view.ts";
import { pushToPerson } from "../push/to_person.ts";
import { NOTICE_DELIVERY } from "../../lib/push_delivery.ts";
import type { PushSender } from "../../lib/web_push.ts";

export const NOT_TRACKED: Tracking = { driverLocation: null, etaMinutes: null, lateMinutes: null };

export interface TrackingDeps {
  kv: Store;
  clock: Clock;
  eta: EtaSource;
}

/** Whole minutes (rounded up) until the plan's time for the ride's next stop; null when it has none. */
function plannedMinutes(ride: Ride, now: number): number | null {
  const at = ride.status === "arrived" ? ride.dropoffAt : ride.pickupAt;
  return at === undefined ? null : Math.max(0, Math.ceil((at - now) / 60_000 - 1e-9));
}

/** `driver`: the driver's position when the caller has read it already. */
export async function trackRide(deps: TrackingDeps, ride: Ride, driver?: Point | null): Promise<Tracking> {
  if (!isTracked(ride)) return NOT_TRACKED;
  const at = driver !== undefined
    ? driver
    : (await getDriverState(deps.kv, ride.tenant, ride.assignedDriverId!))?.location ?? null;
  if (!at) return NOT_TRACKED;
  // A planned ride (automatic dispatch) may have other stops first: the plan's time is the answer, never the
  // straight line (the plan is re-timed from the driver's positions, domain/dispatch/retime.ts).
  const planned = ride.vehicleId ? plannedMinutes(ride, deps.clock.now()) : null;
  const target = planned === null ? etaTarget(ride) : null;
  const etaMinutes = planned ?? (target ? await deps.eta.minutes(at, target) : null);
  let late: number | null = null;
  if (etaMinutes !== null && ride.status !== "arrived") {
    late = lateMinutes((await getNotices(deps.kv, ride.tenant, ride.id)).promisedAt, deps.clock.now(), etaMinutes);
  }
  return { driverLocation: at, etaMinutes, lateMinutes: late };
}

/** What the ride use cases take: the store, the clock, the arrival estimates, the texts and the log. */
export interface NoticeDeps extends TrackingDeps {
  sms: SmsSender;
  /** Web push (lib/web_push.ts); null or absent when push is off. */
  push?: PushSender | null;
  log: Logger;
  /** Automatic dispatch's travel model (domain/dispatch/travel.ts); the estimate when not given. */
  travel?: Travel;
}

/** A ride moved (accepted, on the way): the rider hears what is due. */
export function rideMoved(deps: NoticeDeps, tenant: Tenant, ride: Ride): Promise<void> {
  return guarded(deps, ride, () => notify(deps, tenant, ride, true));
}

/** The driver reported a position: each of their rides still waiting for them is checked. */
export function driverMoved(deps: NoticeDeps, tenant: Tenant, driverId: string, at: Point): Promise<void> {
  return guarded(deps, null, async () => {
    const waiting: string[] = [];
    const prefix = keys.driverActives(tenant.code, driverId);
    for await (const e of deps.kv.list<RideStatus>({ prefix })) {
      if (e.value === "accepted" || e.value === "on-the-way") waiting.push(String(e.key[3]));
    }
    for (const id of waiting) {
      const ride = await getRide(deps.kv, tenant.code, id);
      if (ride) await notify(deps, tenant, ride, false, at);
    }
  });
}

async function notify(deps: NoticeDeps, tenant: Tenant, ride: Ride, moved: boolean, driver?: Point): Promise<void> {
  if (!isTracked(ride)) return;
  const tracking = await trackRide(deps, ride, driver);
  const now = deps.clock.now();
  // A planned driver near the pickup on the way to another stop first is not "here" until the plan says so.
  const due = !ride.vehicleId || (tracking.etaMinutes !== null && tracking.etaMinutes <= NEAR_MINUTES);
  const notices = await claimNotices(deps.kv, tenant.code, ride.id, (record) =>
    dueNotices(record, {
      ride,
      driver: due ? tracking.driverLocation : null,
      etaMinutes: tracking.etaMinutes,
      now,
      moved,
    }));
  if (notices.length > 0) await send(deps, tenant, ride, notices);
}

async function send(deps: NoticeDeps, tenant: Tenant, ride: Ride, notices: Notice[]): Promise<void> {
  const rider = await getUser(deps.kv, ride.creatorId);
  if (!rider) {
    deps.log({ event: "rider.texts_off", tenant: tenant.code, rideId: ride.id, kinds: notices.map((n) => n.kind) });
    return;
  }
  const t = translator(rider.language ?? "en");
  // The accepted text of a planned ride names the vehicle and the pickup window the card shows.
  const shuttle = notices.some((n) => n.kind === "accepted") ? await riderShuttle(deps.kv, tenant, ride) : null;
  const texts = notices.map((notice) => ({
    notice,
    text: noticeText(notice, ride, tenant.name, t, tenant.timezone, shuttle),
  }));
  // A device with ride alerts on hears it first, for free; the text follows only when no device took it, or when
  // the person asked for both.
  const pushed = await pushToPerson(
    deps,
    rider.id,
    texts.map(({ notice, text }) => ({
      message: { title: tenant.name, body: text, url: `/${tenant.code}/rider`, tag: `ride-${ride.id}` },
      delivery: NOTICE_DELIVERY[notice.kind],
    })),
  );
  if (pushed) {
    deps.log({ event: "rider.pushed", tenant: tenant.code, rideId: ride.id, kinds: notices.map((n) => n.kind) });
    if (rider.textsWithPush !== true) return;
  }
  // Texts off in the profile, or the number texted STOP: nothing is sent.
  if (rider.rideTexts === false || await isOptedOut(deps.kv, rider.phoneNumber)) {
    deps.log({ event: "rider.texts_off", tenant: tenant.code, rideId: ride.id, kinds: notices.map((n) => n.kind) });
    return;
  }
  // A number the organisation may not text (its region or kind, lib/textable.ts), though another let it sign in.
  if (!isTextable(rider.phoneNumber, tenant.smsRegions)) {
    deps.log({ event: "rider.not_textable", tenant: tenant.code, rideId: ride.id, kinds: notices.map((n) => n.kind) });
    return;
  }
  for (const { notice, text } of texts) {
    try {
      // From the tenant's own number when it has one: the number its riders know and may text back.
      await deps.sms.send(rider.phoneNumber, text, tenant.smsNumber ?? undefined);
      deps.log({ event: "rider.texted", tenant: tenant.code, rideId: ride.id, kind: notice.kind });
    } catch (error) {
      // The carrier blocks the number (it texted STOP where Hopper did not hear it): kept as the sign-in keeps it,
      // so no later text is tried and a sign-in answers with the opted-out text.
      if (error instanceof SmsError && error.code === TWILIO_OPTED_OUT) {
        await recordOptOut(deps.kv, rider.phoneNumber, deps.clock.now());
        deps.log({ event: "sms.opted_out", phone: maskPhone(rider.phoneNumber), source: "twilio", rideId: ride.id });
        return;
      }
      deps.log({
        event: "rider.text_failed",
        level: "warn",
        tenant: tenant.code,
        rideId: ride.id,
        kind: notice.kind,
        error: (error as Error).message,
      });
    }
  }
}

/**
 * A booking became a pending ride (domain/bookings/hand_over.ts): the rider
 * is told once, on the terms of every ride text (their language, texts off,
 * STOP).
 */
export function bookingHandedOver(deps: NoticeDeps, tenant: Tenant, ride: Ride): Promise<void> {
  return guarded(deps, ride, async () => {
    const notices = await claimNotices(deps.kv, tenant.code, ride.id, handedOverNotice);
    if (notices.length > 0) await send(deps, tenant, ride, notices);
  });
}

/**
 * Automatic dispatch: no vehicle could take a booking at its hand-over, so it waits for a driver to take it by hand
 * (domain/bookings/hand_over.ts); the rider is told once, on the terms of every ride text.
 */
export function bookingUnplaced(deps: NoticeDeps, tenant: Tenant, ride: Ride): Promise<void> {
  return guarded(deps, ride, async () => {
    const notices = await claimNotices(deps.kv, tenant.code, ride.id, unplacedNotice);
    if (notices.length > 0) await send(deps, tenant, ride, notices);
  });
}

/**
 * A ride canceled because its rider was blocked (routes/api/people.ts, the
 * hand-over sweep): the rider is told once, on the terms of every ride text.
 */
export function rideCanceledForBlock(deps: NoticeDeps, tenant: Tenant, ride: Ride): Promise<void> {
  return bookingCanceled(deps, tenant, ride, { kind: "suspended" });
}

/**
 * A booking canceled at its hand-over because a rule of a ride request made
 * then refused it (domain/bookings/hand_over.ts): the rider is told once why.
 */
export function bookingCanceled(
  deps: NoticeDeps,
  tenant: Tenant,
  ride: Ride,
  reason: CancelReason | DispatcherCancel,
): Promise<void> {
  return guarded(deps, ride, async () => {
    const notices = await claimNotices(deps.kv, tenant.code, ride.id, (record) => canceledNotice(record, reason));
    if (notices.length > 0) await send(deps, tenant, ride, notices);
  });
}

/**
 * The ride's driver went offline at `leftAt` (domain/dispatch/hand_back.ts): another vehicle picks the rider up at
 * `at` (told when the time `changed`), or none can (`at` null). Once per hand-back, on the terms of every ride text.
 */
export function rideHandedBack(
  deps: NoticeDeps,
  tenant: Tenant,
  ride: Ride,
  how: { at: number | null; changed: boolean; leftAt: number },
): Promise<void> {
  return guarded(deps, ride, async () => {
    const notices = await claimNotices(deps.kv, tenant.code, ride.id, (record) => handedBackNotice(record, how));
    if (notices.length > 0) await send(deps, tenant, ride, notices);
  });
}

/** The driver marked the rider a no-show after the wait: the rider is told once, on the terms of every ride text. */
export function noShowMarked(deps: NoticeDeps, tenant: Tenant, ride: Ride): Promise<void> {
  return guarded(deps, ride, async () => {
    const notices = await claimNotices(deps.kv, tenant.code, ride.id, (record) => noShowNotice(record, ride));
    if (notices.length > 0) await send(deps, tenant, ride, notices);
  });
}

async function guarded(deps: NoticeDeps, ride: Ride | null, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    deps.log({
      event: "rider.notice_failed",
      level: "error",
      rideId: ride?.id,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
}
