/**
 * booking_rules.txt: how a ride is asked for. "now", real time (booking_type
 * 0), for a ride at once; "ahead", booking with notice (booking_type 1) from
 * MIN_AHEAD_MS to the organisation's days ahead (lib/booking.ts), the same
 * bounds the rider's screen applies. Both book on the rider's page and give
 * the organisation's phone when it has one.
 */
import { MIN_AHEAD_MS, MINUTE_MS } from "../booking.ts";
import { table } from "./table.ts";

export const BOOKING_RULE_IDS = ["now", "ahead"] as const;

export interface BookingContact {
  /** Absolute URL of the rider's page, where rides are asked for. */
  riderUrl: string;
  /** As people dial it, or null. */
  phone: string | null;
  maxDaysAhead: number;
}

export function bookingRulesTable({ riderUrl, phone, maxDaysAhead }: BookingContact): string {
  return table(
    [
      "booking_rule_id",
      "booking_type",
      "prior_notice_duration_min",
      "prior_notice_duration_max",
      "phone_number",
      "info_url",
      "booking_url",
    ],
    [
      ["now", 0, null, null, phone, riderUrl, riderUrl],
      ["ahead", 1, MIN_AHEAD_MS / MINUTE_MS, maxDaysAhead * 24 * 60, phone, riderUrl, riderUrl],
    ],
  );
}
