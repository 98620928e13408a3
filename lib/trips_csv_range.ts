/**
 * Which file the trips screen's "Download CSV (last 30 days)" asks for: the path of the trips CSV and the tenant's last
 * local days. Apart from lib/trips_csv.ts so the admin's island carries no report rules.
 */
import { localTime } from "./local_time.ts";

/** The last `days` local days of `timeZone` at `now`, today included, as "YYYY-MM-DD". */
export function lastDays(now: number, timeZone: string, days: number): { from: string; to: string } {
  const to = localTime(now, timeZone).date;
  const [y, m, d] = to.split("-").map(Number);
  // Calendar days, not 24-hour steps: a daylight-saving change in between moves no day.
  const from = new Date(Date.UTC(y, m - 1, d + 1 - days)).toISOString().slice(0, 10);
  return { from, to };
}

/** The trips CSV's path for a tenant and range (GET /{t}/api/admin/trips.csv). */
export function tripsCsvPath(tenant: string, { from, to }: { from: string; to: string }): string {
  return `/${tenant}/api/admin/trips.csv?from=${from}&to=${to}`;
}
