/**
 * GET /admin/trips.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the rides
 * asked for on the tenant's local days from..to (inclusive), one CSV row each
 * (lib/trips_csv.ts), streamed as KV hands them over so a year of rides takes
 * no more memory than a page of them. Admins and super admins only.
 */
import { Hono } from "hono";
import { ridesAskedBetween } from "../../kv/ride_reads.ts";
import { vehicleNames } from "../../kv/vehicles.ts";
import { zonedMoment } from "../../lib/booking.ts";
import { csvStream } from "../../lib/csv.ts";
import { addDays, checkRange } from "../../lib/reports.ts";
import { tripCsvRow, TRIPS_CSV_COLUMNS } from "../../lib/trips_csv.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

import { scrubText } from "../../lib/scrub.ts";

export function tripsCsvApi(deps: AppDeps, auth: AuthServices) {
  const { kv } = deps;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);

  app.get("/admin/trips.csv", ...admin, async (c) => {
    const range = checkRange(c.req.query("from"), c.req.query("to"));
    if (!range.ok) return refusalAnswer(c, refuse(400, range.error));
    const { code, timezone } = c.get("tenant");
    // The range's first moment and the first moment after it, on the tenant's clocks.
    const start = zonedMoment(range.from, "00:00", timezone);
    const end = zonedMoment(addDays(range.to, 1), "00:00", timezone);
    const names = await vehicleNames(kv, code);
    const rides = ridesAskedBetween(kv, code, start, end);
    // The first ride is read before answering: a store that fails at once answers 500 JSON (app.onError), not a
    // file cut short. A failure later can only end the download early; it is logged and reported here.
    const first = await rides.next();
    const failed = (err: unknown) => {
      const context = { route: c.req.routePath, tenant: code, requestId: c.get("requestId") };
      deps.reporter?.capture(err, context);
      deps.log?.({
        event: "error",
        level: "error",
        ...context,
        path: c.req.path,
        error: scrubText(`trips CSV stopped part way: ${err instanceof Error ? err.message : String(err)}`),
      });
    };
    const rows = (async function* () {
      try {
        if (first.done) return;
        yield tripCsvRow(first.value, timezone, names);
        for await (const ride of rides) yield tripCsvRow(ride, timezone, names);
      } catch (err) {
        failed(err);
        throw err;
      } finally {
        // A client that leaves early closes the KV read too.
        await rides.return(undefined);
      }
    })();
    return new Response(csvStream(TRIPS_CSV_COLUMNS, rows), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${code}-trips-${range.from}-to-${range.to}.csv"`,
        // Riders' names and phone numbers: no shared cache keeps a copy.
        "cache-control": "private, no-store",
      },
    });
  });

  return app;
}
