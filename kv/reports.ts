/**
 * STAND-IN until the lead's kv/reports.ts lands on main (issue 22): a made-up
 * report with the real shape, so the reports page can be drawn. Replaced
 * whole by the merge.
 */
import { addDays, daysBetween, type Report, weekdayOf } from "../lib/reports.ts";

export function readReport(
  _kv: Deno.Kv,
  _tenant: string,
  timeZone: string,
  from: string,
  to: string,
): Promise<Report> {
  const days = daysBetween(from, to) + 1;
  const byDay = Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const requested = weekdayOf(date) >= 5 ? 3 + (i % 3) : 12 + ((i * 7) % 9);
    return { date, requested, completed: Math.max(0, requested - 2 - (i % 2)) };
  });
  const byHour = Array.from(
    { length: 7 },
    (_, d) =>
      Array.from(
        { length: 24 },
        (_, h) => (h < 7 || h > 21 ? 0 : Math.round(((d < 5 ? 6 : 2) * (h === 8 || h === 17 ? 3 : 1)) + (h % 3))),
      ),
  );
  const requested = byDay.reduce((s, d) => s + d.requested, 0);
  const completed = byDay.reduce((s, d) => s + d.completed, 0);
  return Promise.resolve({
    from,
    to,
    timezone: timeZone,
    requested,
    completed,
    canceledByRider: Math.round(requested * 0.06),
    canceledByStaff: Math.round(requested * 0.02),
    noShows: Math.round(requested * 0.03),
    passengers: Math.round(completed * 1.4),
    completionRate: requested ? Math.round((completed / requested) * 1000) / 1000 : null,
    waitMinutes: { p50: 7, p90: 16 },
    acceptMinutes: { p50: 1 },
    rideMinutes: { p50: 11 },
    vehicleHours: 10.5 * days,
    vehicleMiles: 84.2 * days,
    passengersPerVehicleHour: Math.round((completed * 1.4 / (10.5 * days)) * 100) / 100,
    byDay,
    byHour,
    drivers: [
      {
        id: "01J0000000000000000000000A",
        name: "Dee Driver",
        completed: Math.round(completed * 0.6),
        waitMinutesP50: 6,
        rating: 4.8,
      },
      {
        id: "01J0000000000000000000000B",
        name: "Sam Wheeler",
        completed: completed - Math.round(completed * 0.6),
        waitMinutesP50: 8,
        rating: null,
      },
    ],
    pickups: [
      { label: "Greer Station", lat: 34.93, lng: -82.22, count: Math.round(requested * 0.3) },
      { label: "City Hall", lat: 34.94, lng: -82.23, count: Math.round(requested * 0.2) },
      { label: null, lat: 34.9385, lng: -82.2275, count: Math.round(requested * 0.1) },
    ],
  });
}
