/**
 * What a rider is told about their ride while they wait, decided
 * from the ride, the driver's position and time, and what they were already
 * told. Pure: the use cases (domain/rides/tell_rider.ts) read the facts, claim
 * each notice once in KV (kv/ride_notices.ts) and texts it.
 *
 * - accepted: who is coming and the arrival time;
 * - on-the-way: when the driver marks "On my way" and the arrival time moved
 *   by CHANGED_MINUTES or more from the one the rider was given;
 * - near: the arrival time first falls to NEAR_MINUTES or less;
 * - here: the driver reached the pickup (within ARRIVAL_METERS): "Your
 *   shuttle is here". Picked up moves the ride to arrived, when the rider is
 *   already aboard, so the driver's position says they are there, not the move;
 * - late: the arrival slipped LATE_MINUTES or more past the time promised;
 * - no-show: the driver marked it after the wait at the pickup
 *   (lib/no_show_wait.ts), with the minutes they waited;
 * - unplaced: automatic dispatch found no vehicle for a booking at its
 *   hand-over; it waits for a driver to take it;
 * - suspended, service-paused, rider-paused: a booking canceled at its
 *   hand-over by a rule of a ride request made then (the rider blocked, the
 *   service paused, the rider's requests paused for no-shows until a day).
 * - moved-vehicle, driver-left: in automatic dispatch, the ride's driver went
 *   offline before the pickup; the ride went to another vehicle with a new
 *   pickup time, or no vehicle could take it and it waits unassigned
 *   (domain/dispatch/hand_back.ts). Each is told once per hand-back.
 * - dispatcher-canceled: a dispatcher canceled the ride, with the reason they wrote (up to 200 characters: the one
 *   ride text that may take more than a segment).
 *
 * Each kind goes once per ride. The promised arrival is set by the accepted
 * notice and moved by an on-the-way one (both name a time); the card's
 * "Running about N min late" reads it too, so it is recorded whether or not
 * the rider takes texts.
 */
import { atPickup, CHANGED_MINUTES, lateMinutes, NEAR_MINUTES } from "./eta.ts";
import type { Point } from "./geo.ts";
import type { Text } from "./i18n/catalogue.ts";
import { readerDay, type Translate } from "./i18n/format.ts";
import type { Ride } from "./rides.ts";
import { clockTime } from "./clock_time.ts";
import { minutesWaited } from "./no_show_wait.ts";
import type { PickupWindow } from "./pickup_window.ts";

export type NoticeKind =
  | "accepted"
  | "on-the-way"
  | "near"
  | "here"
  | "late"
  | "handed-over"
  | "unplaced"
  | "suspended"
  | "service-paused"
  | "rider-paused"
  | "no-show"
  | "moved-vehicle"
  | "driver-left"
  | "dispatcher-canceled";

/** What the rider has been told of a ride (kept in KV per ride). */
export interface NoticeRecord {
  /** The arrival time the rider was given (epoch ms); null until one was. */
  promisedAt: number | null;
  sent: NoticeKind[];
  /** When the ride's last driver went offline and the ride was handed back (automatic dispatch), if it was. */
  handedBackAt?: number;
}

export const NO_NOTICES: NoticeRecord = { promisedAt: null, sent: [] };

export interface NoticeFacts {
  ride: Ride;
  /** The driver's last reported position; null when unknown. */
  driver: Point | null;
  /** Minutes to the ride's ETA target (lib/eta.ts etaTarget); null when there is none. */
  etaMinutes: number | null;
  now: number;
  /** The ride has just moved to its status (the on-the-way notice is decided only then). */
  moved: boolean;
}

export interface Notice {
  kind: NoticeKind;
  minutes: number | null;
  /** A rider-paused notice: when the pause ends (epoch ms), said as a day in the tenant's time zone. */
  until?: number;
  /** A moved-vehicle notice: the new planned pickup (epoch ms), said as a time in the tenant's time zone. */
  at?: number;
  /** A dispatcher-canceled notice: the reason, as the dispatcher wrote it. */
  reason?: string;
}

/** Why a booking was canceled instead of handed over; a paused rider's reason carries the pause's end. */
export type CancelReason =
  | { kind: "suspended" }
  | { kind: "service-paused" }
  | { kind: "rider-paused"; until: number };

/** A dispatcher's cancel, with the reason they wrote. */
export type DispatcherCancel = { kind: "dispatcher-canceled"; reason: string };

const waiting = (ride: Ride) => ride.status === "accepted" || ride.status === "on-the-way";

/** The notices due now, in the order to send them, and the record once they are sent. */
export function dueNotices(record: NoticeRecord, facts: NoticeFacts): { notices: Notice[]; next: NoticeRecord } {
  const { ride, driver, etaMinutes: eta, now, moved } = facts;
  const sent = new Set(record.sent);
  let promisedAt = record.promisedAt;
  const notices: Notice[] = [];
  const add = (kind: NoticeKind, minutes: number | null) => {
    notices.push({ kind, minutes });
    sent.add(kind);
  };
  if (!waiting(ride)) return { notices, next: record };
  const arrival = eta === null ? null : now + eta * 60_000;

  if (!sent.has("accepted")) {
    add("accepted", eta);
    promisedAt = arrival;
  } else if (moved && ride.status === "on-the-way" && !sent.has("on-the-way") && arrival !== null) {
    if (promisedAt === null || Math.abs(arrival - promisedAt) >= CHANGED_MINUTES * 60_000) {
      add("on-the-way", eta);
      promisedAt = arrival;
    }
  }
  if (driver && atPickup(ride, driver)) {
    if (!sent.has("here")) add("here", null);
  } else if (eta !== null && eta <= NEAR_MINUTES && !sent.has("near") && !sent.has("here")) {
    add("near", eta);
  }
  const late = eta === null ? null : lateMinutes(promisedAt, now, eta);
  if (late !== null && !sent.has("late") && !sent.has("here")) add("late", late);
  return { notices, next: { promisedAt, sent: [...sent] } };
}

const TEXTS: Record<NoticeKind, Text> = {
  accepted:
    "{organization}: {driver} accepted your ride and will be there in about {minutes} min. Reply STOP to stop texts.",
  "on-the-way": "{organization}: {driver} is on the way, now about {minutes} min.",
  near: "{organization}: your shuttle is about {minutes} min away. Please head to the pickup.",
  here: "{organization}: Your shuttle is here",
  late: "{organization}: your shuttle is running about {minutes} min late. Sorry for the wait.",
  // A booking became a pending ride, HAND_OVER_MS before its time (domain/bookings/hand_over.ts).
  "handed-over": "{organization}: your ride for {time} is now looking for a driver.",
  // Automatic dispatch: at its hand-over no vehicle could take the booking; a driver may still take it by hand.
  unplaced: "{organization}: no shuttle is free for your ride at {time} yet. We will text you when a driver takes it.",
  // The rider was blocked: their booking or open ride was canceled (kv/user_removal.ts, the hand-over).
  suspended:
    "{organization}: your ride for {time} was canceled because your access to this service has been suspended.",
  // The hand-over found the service paused, or the rider's requests paused for no-shows (until {date}).
  "service-paused": "{organization}: your ride for {time} was canceled because this service is paused.",
  "rider-paused":
    "{organization}: your ride for {time} was canceled. Ride requests are paused until {date} after missed pickups.",
  // The driver waited at the pickup and marked the rider a no-show (lib/no_show_wait.ts); minutes: how long.
  "no-show": "{organization}: {driver} waited {minutes} min at the pickup and marked your ride a no-show.",
  "moved-vehicle": "{organization}: your ride moved to another shuttle. {driver} will pick you up at about {time}.",
  "driver-left":
    "{organization}: your driver went offline and no other shuttle can pick you up now. Your ride waits for a driver; you may cancel it.",
  "dispatcher-canceled": "{organization}: your ride was canceled by the dispatcher: {reason}",
};
const SUSPENDED_NO_TIME: Text =
  "{organization}: your ride was canceled because your access to this service has been suspended.";
const ACCEPTED_NO_TIME: Text = "{organization}: {driver} accepted your ride. Reply STOP to stop texts.";
/** Automatic dispatch: the plan's vehicle, its pickup time and window (lib/pickup_window.ts), as the card says them. */
const ACCEPTED_PLANNED: Text =
  "{organization}: your shuttle ({vehicle}) will pick you up at about {time}, between {from} and {to}. Reply STOP to stop texts.";

/** What the accepted text of a planned ride names (domain/rides/rider_view.ts). */
export interface NoticeShuttle {
  vehicleName: string | null;
  window: PickupWindow | null;
}

/** The text of a notice in the language of `t`; a booking's time is read in `timeZone`, the tenant's. */
export function noticeText(
  notice: Notice,
  ride: Pick<Ride, "driverName" | "scheduledFor" | "pickupAt">,
  organization: string,
  t: Translate,
  timeZone = "UTC",
  shuttle: NoticeShuttle | null = null,
): string {
  const driver = ride.driverName?.trim() || t("Your driver");
  if (notice.kind === "accepted" && ride.pickupAt !== undefined && shuttle?.window) {
    const clock = (ms: number) => clockTime(ms, t.lang, timeZone);
    return t(ACCEPTED_PLANNED, {
      organization,
      vehicle: shuttle.vehicleName ?? t("Shuttle"),
      time: clock(ride.pickupAt),
      from: clock(shuttle.window.from),
      to: clock(shuttle.window.to),
    });
  }
  if (notice.kind === "accepted" && notice.minutes === null) return t(ACCEPTED_NO_TIME, { organization, driver });
  if (notice.kind === "suspended" && ride.scheduledFor === undefined) return t(SUSPENDED_NO_TIME, { organization });
  const timeOf = notice.at ?? ride.scheduledFor;
  const time = timeOf === undefined ? "" : clockTime(timeOf, t.lang, timeZone);
  const date = notice.until === undefined ? "" : readerDay(notice.until, t.lang, timeZone);
  const reason = notice.reason ?? "";
  return t(TEXTS[notice.kind], { organization, driver, minutes: notice.minutes ?? 0, time, date, reason });
}

/** A no-show's notice, due once per ride: the minutes the driver waited at the pickup. */
export function noShowNotice(
  record: NoticeRecord,
  ride: Pick<Ride, "reachedPickupAt" | "noShowAt">,
): { notices: Notice[]; next: NoticeRecord } {
  if (record.sent.includes("no-show")) return { notices: [], next: record };
  const minutes = minutesWaited(ride, ride.noShowAt ?? 0);
  return { notices: [{ kind: "no-show", minutes }], next: { ...record, sent: [...record.sent, "no-show"] } };
}

/** A handed-over booking's notice, due once per ride. */
export function handedOverNotice(record: NoticeRecord): { notices: Notice[]; next: NoticeRecord } {
  if (record.sent.includes("handed-over")) return { notices: [], next: record };
  return {
    notices: [{ kind: "handed-over", minutes: null }],
    next: { ...record, sent: [...record.sent, "handed-over"] },
  };
}

/** A booking no vehicle could take at its hand-over (automatic dispatch): told once per ride. */
export function unplacedNotice(record: NoticeRecord): { notices: Notice[]; next: NoticeRecord } {
  if (record.sent.includes("unplaced")) return { notices: [], next: record };
  return { notices: [{ kind: "unplaced", minutes: null }], next: { ...record, sent: [...record.sent, "unplaced"] } };
}

/**
 * A ride canceled because its rider was blocked, or by a dispatcher, or a booking for a reason of its hand-over: told
 * once per ride.
 */
export function canceledNotice(
  record: NoticeRecord,
  reason: CancelReason | DispatcherCancel,
): { notices: Notice[]; next: NoticeRecord } {
  if (record.sent.includes(reason.kind)) return { notices: [], next: record };
  const notice: Notice = {
    kind: reason.kind,
    minutes: null,
    ...("until" in reason && { until: reason.until }),
    ...("reason" in reason && { reason: reason.reason }),
  };
  return { notices: [notice], next: { ...record, sent: [...record.sent, reason.kind] } };
}

/**
 * The ride left its vehicle because the driver went offline (`leftAt`): to another vehicle that picks the rider up at
 * `at`, told only when that time `changed`, or to none (`at` null). Told once per hand-back (two isolates deciding the
 * same one send one text); the new vehicle's driver counts as having accepted it, so what follows (near, here, late)
 * is about them.
 */
export function handedBackNotice(
  record: NoticeRecord,
  { at, changed, leftAt }: { at: number | null; changed: boolean; leftAt: number },
): { notices: Notice[]; next: NoticeRecord } {
  if (record.handedBackAt === leftAt) return { notices: [], next: record };
  if (at === null) {
    return {
      notices: [{ kind: "driver-left", minutes: null }],
      next: { promisedAt: null, sent: ["driver-left"], handedBackAt: leftAt },
    };
  }
  return {
    notices: changed ? [{ kind: "moved-vehicle", minutes: null, at }] : [],
    next: { promisedAt: at, sent: ["accepted", "moved-vehicle"], handedBackAt: leftAt },
  };
}
