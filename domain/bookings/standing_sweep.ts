/**
 * Standing rides become bookings: each date of a standing ride
 * (lib/standing_rides.ts) is booked when its time enters the tenant's booking
 * window (its days ahead), through the ride request itself
 * (domain/rides/request.ts requestRide), so every rule of a booking holds as
 * it stands then: the schedule, closed dates, the rider's limit of bookings,
 * a paused service, the no-show policy. From there the booking is like any
 * other: handed over by domain/bookings/hand_over.ts.
 *
 * Once per date, whatever happens: the booking's commit claims the date
 * (kv/rides.ts createRide `claim`), checked on the standing ride as read, and
 * a skipped date is claimed the same way before the rider is texted; so two
 * sweeps at once, in two isolates, make one booking and send one text, and a
 * restart picks up where the claims stop.
 *
 * An arrive-by standing ride books each date with `arriveBy`: the pickup is set
 * from the trip's time (domain/bookings/booking_time.ts). The date enters the
 * window by its arrival time.
 *
 * A date the service does not run (no slot that weekday, or a date an admin
 * marked closed) is skipped, and so is a date the rules refuse; the rider is
 * texted once, in their language, when the date enters the window.
 */
import { getMembership } from "../../kv/members.ts";
import { keys } from "../../kv/keys.ts";
import { claimSkipped, listAllStandingRides, listOccurrences } from "../../kv/standing_rides.ts";
import { getClosedDates, getSchedule, recentTenant } from "../../kv/tenants.ts";
import { getUser } from "../../kv/users.ts";
import { dateSlots, DAY_MS, localTime, MIN_AHEAD_MS, zonedMoment } from "../../lib/booking.ts";
import type { Schedule, Tenant } from "../../lib/schemas.ts";
import { addDays, datesBetween, scheduleDayOf, type StandingRide } from "../../lib/standing_rides.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { isRefusal } from "../refusal.ts";
import { DATE_MADE_TEXT, requestRide } from "../rides/request.ts";
import type { NoticeDeps } from "../rides/tell_rider.ts";
import { textRefused, textSkipped } from "./standing_texts.ts";

export interface StandingSweepResult {
  booked: string[];
  skipped: string[];
}

interface TenantDay {
  tenant: Tenant;
  schedule: Schedule;
  closedDates: string[];
}

/** Books (or skips) every standing ride's dates now within their tenant's window; answers the ride ids made. */
export async function bookStandingRides(deps: NoticeDeps): Promise<StandingSweepResult> {
  const now = deps.clock.now();
  const result: StandingSweepResult = { booked: [], skipped: [] };
  const tenants = new Map<string, TenantDay | null>();
  for (const { ride: standing, versionstamp } of await listAllStandingRides(deps.kv)) {
    if (standing.paused) continue;
    if (!tenants.has(standing.tenant)) tenants.set(standing.tenant, await readTenant(deps, standing.tenant));
    const held = tenants.get(standing.tenant);
    if (!held) continue;
    await bookDates(deps, held, standing, versionstamp, now, result);
  }
  return result;
}

async function readTenant(deps: NoticeDeps, code: string): Promise<TenantDay | null> {
  const tenant = await recentTenant(deps.kv, code);
  if (!tenant) return null;
  const [schedule, closedDates] = await Promise.all([getSchedule(deps.kv, code), getClosedDates(deps.kv, code)]);
  return { tenant, schedule, closedDates };
}

async function bookDates(
  deps: NoticeDeps,
  { tenant, schedule, closedDates }: TenantDay,
  standing: StandingRide,
  versionstamp: string,
  now: number,
  result: StandingSweepResult,
): Promise<void> {
  const tz = tenant.timezone;
  const last = now + settingsOf(tenant).maxDaysAhead * DAY_MS;
  const dates = datesBetween(standing, localTime(now, tz).date, localTime(last, tz).date);
  if (dates.length === 0) return;
  const made = await listOccurrences(deps.kv, tenant.code, standing.id, dates[0], addDays(dates.at(-1)!, 1));
  const waiting = dates.filter((date) => !made.has(date));
  if (waiting.length === 0) return;
  // A removed or blocked rider's standing ride makes nothing (a blocked rider's bookings are canceled anyway).
  const member = await getMembership(deps.kv, tenant.code, standing.riderId);
  const rider = member && !member.blocked ? await getUser(deps.kv, standing.riderId) : null;
  if (!rider) return;
  for (const date of waiting) {
    const at = zonedMoment(date, standing.time ?? standing.arriveBy!, tz);
    // Not in the window yet, or too soon to book now (set up late in the day): nothing is claimed.
    if (at > last || at < now + MIN_AHEAD_MS) continue;
    if (dateSlots({ schedule, closedDates }, date, scheduleDayOf(date)).length === 0) {
      const why = closedDates.includes(date) ? "closed" : "no_service";
      if (await claimSkipped(deps.kv, tenant.code, standing.id, date, why)) {
        result.skipped.push(`${standing.id}/${date}`);
        deps.log({ event: "standing_ride.skipped", tenant: tenant.code, standingRideId: standing.id, date, why });
        await textSkipped(deps, tenant, rider, date);
      }
      continue;
    }
    const time = standing.time ? { scheduledFor: at } : { arriveBy: at };
    const answer = await requestRide(deps, tenant, rider, { ...standing.trip, ...time }, {
      claim: {
        key: keys.standingOccurrence(tenant.code, standing.id, date),
        standing: { key: keys.standingRide(tenant.code, standing.id), versionstamp },
      },
    });
    if (!isRefusal(answer)) {
      result.booked.push(answer.value.id);
      deps.log({
        event: "standing_ride.booked",
        tenant: tenant.code,
        standingRideId: standing.id,
        date,
        rideId: answer.value.id,
      });
      continue;
    }
    // Made by another sweep, or the standing ride changed since it was read: the next sweep reads it again.
    if (answer.text === DATE_MADE_TEXT) return;
    if (await claimSkipped(deps.kv, tenant.code, standing.id, date, "refused")) {
      result.skipped.push(`${standing.id}/${date}`);
      deps.log({ event: "standing_ride.refused", tenant: tenant.code, standingRideId: standing.id, date });
      await textRefused(deps, tenant, rider, date, answer);
    }
  }
}
