/**
 * The weekly schedule as GTFS services: each weekday's hours as windows in
 * minutes from the start of its service day, and the weekdays grouped by
 * the same windows (one service for each distinct set of hours).
 *
 * A schedule's slot ends within its day (lib/schedule_rules.ts), so service
 * that runs through midnight is written as a slot ending at 23:59 and one
 * starting at 00:00 the next day. GTFS counts such hours on the evening's
 * service day, past 24:00:00, so the two become one window: the evening's,
 * ending at 24:00 plus the morning slot's end. A morning slot that lasts to
 * 23:59 itself stays on its own day, so a week open around the clock does
 * not fold into one endless window.
 */
import type { Schedule } from "../schemas.ts";
import { daySlots } from "../booking.ts";

/** Minutes from midnight of the service day: `end` may pass 1440 (the next morning). */
export interface Window {
  start: number;
  end: number;
}

export interface Service {
  /** A stable id made of the hours, so the same hours keep their id from one feed to the next. */
  id: string;
  /** Sunday (0) to Saturday (6): whether the service runs on that weekday. */
  days: boolean[];
  windows: Window[];
}

const DAY_END = "23:59";
const DAY_START = "00:00";
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Each weekday's windows, Sunday first, with the hours past midnight folded into the evening before. */
export function weekWindows(schedule: Schedule): Window[][] {
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) => daySlots(schedule, d).map((s) => ({ start: s.start, end: s.end })));
  const carried = days.map(() => false);
  const windows: Window[][] = days.map((slots, d) => {
    const next = days[(d + 1) % 7][0];
    return slots.map((slot, i) => {
      const last = i === slots.length - 1;
      if (last && slot.end === DAY_END && next?.start === DAY_START && next.end !== DAY_END) {
        carried[(d + 1) % 7] = true;
        return { start: minutes(slot.start), end: 24 * 60 + minutes(next.end) };
      }
      return { start: minutes(slot.start), end: minutes(slot.end) };
    });
  });
  return windows.map((list, d) => (carried[d] ? list.slice(1) : list));
}

/** The services of a schedule: weekdays with the same windows share one. Days without service are in none. */
export function servicesOf(schedule: Schedule): Service[] {
  const byHours = new Map<string, Service>();
  weekWindows(schedule).forEach((windows, day) => {
    if (windows.length === 0) return;
    const id = "hours_" + windows.map((w) => `${clock(w.start, "")}-${clock(w.end, "")}`).join("_");
    const service = byHours.get(id) ?? { id, days: [false, false, false, false, false, false, false], windows };
    service.days[day] = true;
    byHours.set(id, service);
  });
  // In id order, as GTFS tools that read calendar.txt in one pass expect it.
  return [...byHours.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Minutes as GTFS writes a time, "HH:MM:SS" (hours may pass 24); with `sep` "" the compact "HHMM" of ids. */
export function clock(total: number, sep = ":"): string {
  const h = String(Math.floor(total / 60)).padStart(2, "0");
  const m = String(total % 60).padStart(2, "0");
  return sep === "" ? `${h}${m}` : `${h}:${m}:00`;
}
