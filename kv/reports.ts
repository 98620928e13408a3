/**
 * A tenant's report for a range of local days, from the rollups
 * alone (kv/report_rollups.ts, kv/sharing_rollups.ts): four range lists (days, driver months, driver
 * service, vehicle day sums) and the names of the drivers, never a scan of rides. A year is at
 * most 2 × 366 day values plus 13 per driver.
 */
import type { Store } from "./store.ts";
import {
  addDays,
  type DayRollup,
  type DriverMonth,
  emptyDay,
  type Histogram,
  mergeHistogram,
  percentile,
  type Pickup,
  type Report,
  weekdayOf,
} from "../lib/reports.ts";
import { keys } from "./keys.ts";
import { OTHER_PICKUPS } from "./report_rollups.ts";
import { addSharing, emptySharing, type SharingDay, sharingReport } from "../lib/sharing.ts";
import { DEFAULT_DISPATCH } from "../lib/dispatch_settings.ts";

const METERS_PER_MILE = 1609.344;
const BATCH = { batchSize: 500 };

/** Lists `prefix`'s entries whose next key part is a date from `from` to `to` (inclusive). */
function listDays<T>(kv: Store, prefix: readonly string[], from: string, to: string) {
  return kv.list<T>({ start: [...prefix, from], end: [...prefix, addDays(to, 1)] }, BATCH);
}

export async function readReport(
  kv: Store,
  tenant: string,
  timeZone: string,
  from: string,
  to: string,
  /** The tenant's longest wait (lib/dispatch_settings.ts): the on-time pickups are held to it. */
  { maxWaitMinutes = DEFAULT_DISPATCH.maxWaitMinutes }: { maxWaitMinutes?: number } = {},
): Promise<Report> {
  const [days, driverMonths, service, sharingDays, vehicles, anySharing] = await Promise.all([
    collect(listDays<DayRollup>(kv, keys.reportDays(tenant), from, to)),
    collect(
      kv.list<DriverMonth>({
        start: [...keys.reportDriverMonths(tenant), from.slice(0, 7)],
        end: [...keys.reportDriverMonths(tenant), addDays(`${to.slice(0, 7)}-28`, 7).slice(0, 7)],
      }, BATCH),
    ),
    collect(listDays<Deno.KvU64>(kv, keys.reportService(tenant), from, to)),
    collect(listDays<SharingDay>(kv, keys.reportSharingDays(tenant), from, to)),
    collect(kv.list({ prefix: keys.vehicles(tenant) }, { limit: 1 })),
    collect(kv.list({ prefix: keys.reportSharingDays(tenant) }, { limit: 1 })),
  ]);

  const total = emptyDay();
  const byDate = new Map<string, DayRollup>();
  const byHour = Array.from({ length: 7 }, () => Array(24).fill(0) as number[]);
  const pickups = new Map<string, Pickup>();
  for (const { key, value } of days) {
    const date = String(key[2]);
    byDate.set(date, value);
    for (
      const name of ["requested", "completed", "canceledByRider", "canceledByStaff", "noShows", "passengers"] as const
    ) total[name] += value[name];
    mergeHistogram(total.wait, value.wait);
    mergeHistogram(total.accept, value.accept);
    mergeHistogram(total.ride, value.ride);
    const row = byHour[weekdayOf(date)];
    value.hours.forEach((n, hour) => row[hour] += n);
    for (const [pickupKey, pickup] of Object.entries(value.pickups)) {
      if (pickupKey === OTHER_PICKUPS) continue;
      const seen = pickups.get(pickupKey);
      if (seen) seen.count += pickup.count;
      else pickups.set(pickupKey, { ...pickup });
    }
  }

  const drivers = new Map<string, { completed: number; wait: Histogram; ratingSum: number; ratings: number }>();
  for (const { key, value } of driverMonths) {
    const id = String(key[3]);
    const month = String(key[2]);
    const d = drivers.get(id) ?? { completed: 0, wait: {}, ratingSum: 0, ratings: 0 };
    for (const [dayOfMonth, day] of Object.entries(value)) {
      const date = `${month}-${dayOfMonth}`;
      if (date < from || date > to) continue;
      d.completed += day.completed;
      d.ratingSum += day.ratingSum;
      d.ratings += day.ratings;
      mergeHistogram(d.wait, day.wait);
    }
    if (d.completed > 0) drivers.set(id, d);
  }
  const names = await driverNames(kv, [...drivers.keys()]);

  let serviceMs = 0;
  let meters = 0;
  let vehicleMs = 0;
  for (const { key, value } of service) {
    if (key[3] === "ms") serviceMs += Number(value.value);
    else if (key[3] === "meters") meters += Number(value.value);
    else if (key[3] === "vehicle_ms") vehicleMs += Number(value.value);
  }
  const sharing = emptySharing();
  for (const { value } of sharingDays) addSharing(sharing, value, 1);
  const vehicleHours = round(serviceMs / 3_600_000, 1);
  const ended = total.completed + total.canceledByRider + total.canceledByStaff + total.noShows;

  const byDay: Report["byDay"] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = byDate.get(date);
    byDay.push({ date, requested: day?.requested ?? 0, completed: day?.completed ?? 0 });
  }

  return {
    from,
    to,
    timezone: timeZone,
    requested: total.requested,
    completed: total.completed,
    canceledByRider: total.canceledByRider,
    canceledByStaff: total.canceledByStaff,
    noShows: total.noShows,
    passengers: total.passengers,
    completionRate: ended === 0 ? null : round(total.completed / ended, 3),
    waitMinutes: { p50: percentile(total.wait, 0.5), p90: percentile(total.wait, 0.9) },
    acceptMinutes: { p50: percentile(total.accept, 0.5) },
    rideMinutes: { p50: percentile(total.ride, 0.5) },
    vehicleHours,
    vehicleMiles: round(meters / METERS_PER_MILE, 1),
    passengersPerVehicleHour: serviceMs === 0 ? null : round(total.passengers / (serviceMs / 3_600_000), 2),
    byDay,
    byHour,
    drivers: [...drivers].map(([id, d]) => ({
      id,
      name: names.get(id) ?? null,
      completed: d.completed,
      waitMinutesP50: percentile(d.wait, 0.5),
      rating: d.ratings === 0 ? null : round(d.ratingSum / d.ratings, 1),
    })).sort((a, b) => b.completed - a.completed || (a.name ?? "").localeCompare(b.name ?? "")),
    pickups: [...pickups.values()].sort((a, b) => b.count - a.count).slice(0, 10),
    // A tenant that never had a vehicle (drivers dispatch by hand) keeps its report as it was.
    ...((vehicles.length > 0 || anySharing.length > 0) && {
      sharing: sharingReport(sharing, vehicleMs, maxWaitMinutes),
    }),
  };
}

async function collect<T>(iter: Deno.KvListIterator<T>): Promise<Deno.KvEntry<T>[]> {
  const out: Deno.KvEntry<T>[] = [];
  for await (const e of iter) out.push(e);
  return out;
}

async function driverNames(kv: Store, ids: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const batches = [];
  for (let i = 0; i < ids.length; i += 10) batches.push(ids.slice(i, i + 10));
  await Promise.all(batches.map(async (batch) => {
    const users = await kv.getMany<{ name: string | null }[]>(batch.map((id) => keys.user(id)));
    batch.forEach((id, j) => out.set(id, users[j].value?.name ?? null));
  }));
  return out;
}

function round(n: number, places: number): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}
