/**
 * The trips screen's list rules (spec section 2 "Admin Trips"): the
 * status filter, and how a trip the live socket reports changed is merged
 * into the pages on screen.
 */
import type { Translate } from "../../lib/i18n/format.ts";
import { statusLabel } from "../../lib/ride_texts.ts";
import { type Trip, type TripStatus, tripStatusOf } from "../../lib/trips.ts";

export type TripFilter = "all" | TripStatus;

export function matchesFilter(trip: Pick<Trip, "status">, filter: TripFilter): boolean {
  return filter === "all" || tripStatusOf(trip.status) === filter;
}

/**
 * Spec section 8, Trips: the empty list's text for a filter. The spec names
 * the status by its code ("no-show") in English; a Spanish page names it by
 * its label, as the filter shows it.
 */
export function emptyText(filter: TripFilter, t: Translate): string {
  if (filter === "all") return t("No trips found.");
  return t("No trips with status {status} found.", { status: t.lang === "en" ? filter : statusLabel(filter, t) });
}

/**
 * The list after `trip` changed: replaced where it is, dropped when it no
 * longer matches the filter, added in id (request time) order when it does
 * and is newer than `boundary`, the oldest trip the loaded pages reached
 * (null once no older page remains: then anything belongs). A trip older
 * than that shows up when its page is loaded.
 */
export function mergeTrip(list: Trip[], trip: Trip, filter: TripFilter, boundary: string | null): Trip[] {
  const at = list.findIndex((t) => t.id === trip.id);
  const matches = matchesFilter(trip, filter);
  if (at !== -1) {
    if (!matches) return list.filter((t) => t.id !== trip.id);
    const next = [...list];
    next[at] = trip;
    return next;
  }
  if (!matches || (boundary !== null && trip.id < boundary)) return list;
  return [...list, trip].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
