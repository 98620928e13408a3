/**
 * The reports pages' figures, drawn on the server: the charts are
 * SVG and the range is a GET form, so the browser runs no chart code. The
 * pages themselves (routes/admin_pages.tsx) are frames like every admin page,
 * since the admin's token lives in the browser (spec section 3, "Client
 * storage"): their island, islands/AdminReports.tsx, asks for these parts
 * with it, so the admin guard here is the API's (401, 403 as JSON).
 *
 *   GET /{t}/admin/reports/figures?from=YYYY-MM-DD&to=YYYY-MM-DD
 *   GET /{t}/admin/reports/monthly/figures?month=YYYY-MM
 *
 * A wrong range or month answers 400 with the form, the error in words and no
 * figures; without a range the page shows this month so far, without a month
 * the last whole month.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { MonthlySummary } from "../components/reports/MonthlySummary.tsx";
import { ReportView } from "../components/reports/ReportView.tsx";
import { readReport } from "../kv/reports.ts";
import { settingsOf } from "../lib/tenant_settings.ts";
import { translate } from "../lib/i18n/catalogue.ts";
import { checkMonth, localToday, monthOf, presets, previousMonth } from "../lib/report_dates.ts";
import { checkRange } from "../lib/reports.ts";
import type { AuthServices } from "../server/auth_services.ts";
import type { AppDeps, Env } from "../server/env.ts";
import { roleGuards } from "../server/middleware/auth.ts";
import { renderFragment } from "../server/render.tsx";

/** Figures of one admin, now: never kept by a cache. */
function answer(c: Context<Env>, html: string, status: 200 | 400) {
  c.header("cache-control", "no-store");
  return c.html(html, status);
}

/** A query value as given, for showing back in the form (the first one when repeated; "" when absent). */
const given = (value: string | undefined) => (value ?? "").slice(0, 40);

export function reportPages(deps: AppDeps, auth: AuthServices) {
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);

  app.get("/admin/reports/figures", ...admin, async (c) => {
    const tenant = c.get("tenant");
    const lang = c.get("lang");
    const today = localToday(deps.clock.now(), tenant.timezone);
    const ranges = presets(today);
    const asked = { from: c.req.query("from"), to: c.req.query("to") };
    const none = asked.from === undefined && asked.to === undefined;
    const range = none ? checkRange(ranges[2].from, ranges[2].to) : checkRange(asked.from, asked.to);
    const view = {
      tenant: tenant.code,
      timeZone: tenant.timezone,
      presets: ranges,
      month: previousMonth(monthOf(today)),
    };
    if (!range.ok) {
      const body = (
        <ReportView
          {...view}
          from={given(asked.from)}
          to={given(asked.to)}
          report={null}
          error={translate(lang, range.error)}
        />
      );
      return answer(c, renderFragment(lang, body), 400);
    }
    const report = await readReport(deps.kv, tenant.code, tenant.timezone, range.from, range.to, settingsOf(tenant));
    const body = <ReportView {...view} from={range.from} to={range.to} report={report} />;
    return answer(c, renderFragment(lang, body), 200);
  });

  app.get("/admin/reports/monthly/figures", ...admin, async (c) => {
    const tenant = c.get("tenant");
    const lang = c.get("lang");
    const today = localToday(deps.clock.now(), tenant.timezone);
    const asked = c.req.query("month");
    const checked = checkMonth(asked ?? previousMonth(monthOf(today)));
    const view = { tenant: tenant.code, organisation: tenant.name, timeZone: tenant.timezone, today };
    if (!checked.ok) {
      const body = (
        <MonthlySummary {...view} month={given(asked)} report={null} error={translate(lang, checked.error)} />
      );
      return answer(c, renderFragment(lang, body), 400);
    }
    const report = await readReport(
      deps.kv,
      tenant.code,
      tenant.timezone,
      checked.from,
      checked.to,
      settingsOf(tenant),
    );
    const body = <MonthlySummary {...view} month={checked.month} report={report} />;
    return answer(c, renderFragment(lang, body), 200);
  });

  return app;
}
