/**
 * Times as people read them, on a tenant's clock. Apart from lib/booking.ts, so the screens that only show a time
 * (the driver's card, the shared ride's lines) carry no booking rules.
 */
import { type Lang, LOCALES } from "./i18n/lang.ts";

/** "9:30 AM" (or "9:30 a.m." in Spanish) on the clocks of `timeZone`, the device's own when absent. */
export function clockTime(ms: number, lang: Lang, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, hour: "numeric", minute: "2-digit" }).format(ms);
}

/** "Tue, Jan 6, 9:30 AM" on the clocks of `timeZone`: a booking in the rider's list and on the driver's card. */
export function bookingTimeText(ms: number, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(ms);
}
