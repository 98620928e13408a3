/**
 * The buttons on a driver's ride card (spec section 4, transition table):
 * exactly the moves lib/rides.ts allows, so the screen never offers one the
 * server refuses.
 */
import type { Text } from "./i18n/catalogue.ts";
import { noShowWaitLeft } from "./no_show_wait.ts";
import { ANOTHER_IN_PROGRESS, checkMove } from "./ride_moves.ts";
import { busyWith, type Ride, type RideStatus } from "./rides.ts";

export interface DriverAction {
  to: RideStatus;
  /** The button's English text, its key in the catalogue: the screen shows it in its language. */
  label: Text;
  /** Set when the move is shown but not allowed now ("Another ride is already in progress"). */
  disabledReason?: Text;
  /** Cancel and no-show end a ride the rider still wanted: drawn apart from the forward move. */
  tone: "primary" | "danger";
  /** A no-show still waiting at the pickup: the milliseconds left, counted down on the button (lib/no_show_wait.ts). */
  waitLeftMs?: number;
}

const FORWARD: { from: RideStatus; to: RideStatus; label: Text; tone: DriverAction["tone"] }[] = [
  { from: "pending", to: "accepted", label: "Accept", tone: "primary" },
  { from: "accepted", to: "on-the-way", label: "On my way", tone: "primary" },
  { from: "on-the-way", to: "arrived", label: "Picked up", tone: "primary" },
  { from: "on-the-way", to: "no-show", label: "No-show", tone: "danger" },
  { from: "arrived", to: "completed", label: "Complete", tone: "primary" },
  { from: "picked-up", to: "completed", label: "Complete", tone: "primary" },
];

export const CANCEL_LABEL: Text = "Cancel";
export const NO_SHOW_OPENS: Text = "No-show opens after waiting at the pickup.";

/**
 * The buttons a driver sees on a ride card: the moves lib/rides.ts allows
 * this driver, with the on-the-way start disabled while another ride of
 * theirs is on-the-way or arrived, and No-show until the wait at the pickup
 * is over at `now` (the server refuses both too). A ride in a vehicle's
 * plan (automatic dispatch) is never held back so: the plan orders its
 * stops, and several riders aboard at once is what pooling is.
 */
export function driverActions(ride: Ride, list: readonly Ride[], me: string, now = Date.now()): DriverAction[] {
  const actor = { userId: me, drives: true };
  const busy = !ride.vehicleId && busyWith(list, me, ride.id);
  const actions: DriverAction[] = [];
  for (const move of FORWARD) {
    if (move.from !== ride.status) continue;
    const check = checkMove(ride, move.to, actor, busy);
    const action: DriverAction = { to: move.to, label: move.label, tone: move.tone };
    if (check.ok) actions.push(move.to === "no-show" ? waitingNoShow(action, ride, now) : action);
    else if (check.error === ANOTHER_IN_PROGRESS) {
      actions.push({ to: move.to, label: move.label, tone: move.tone, disabledReason: ANOTHER_IN_PROGRESS });
    }
  }
  if (checkMove(ride, "canceled", actor).ok) actions.push({ to: "canceled", label: CANCEL_LABEL, tone: "danger" });
  return actions;
}

/** No-show waits for the driver at the pickup: held until they reached it, then counted down to `noShowFrom`. */
function waitingNoShow(action: DriverAction, ride: Ride, now: number): DriverAction {
  const left = noShowWaitLeft(ride, now);
  if (left === null) return { ...action, disabledReason: NO_SHOW_OPENS };
  return left > 0 ? { ...action, waitLeftMs: left } : action;
}
