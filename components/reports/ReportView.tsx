/**
 * The body of /{t}/admin/reports, rendered on the server by
 * routes/report_pages.tsx: the range form with its presets, the figures, the
 * charts and the way to the monthly summary. Plain links and GET forms, so
 * choosing a range needs no script.
 */
import type { Preset } from "../../lib/report_dates.ts";
import type { Report } from "../../lib/reports.ts";
import { useT } from "../texts.tsx";
import { FigureTiles } from "./FigureTiles.tsx";
import { MonthPicker } from "./MonthPicker.tsx";
import { formatRange } from "./numbers.ts";
import { BusiestPickups, DriversTable, RequestsByHour, RidesPerDay } from "./ReportCharts.tsx";

export interface ReportViewProps {
  tenant: string;
  timeZone: string;
  presets: Preset[];
  /** The range as asked for (shown back in the form even when it is wrong). */
  from: string;
  to: string;
  /** The month the monthly summary's picker starts at ("YYYY-MM"). */
  month: string;
  report: Report | null;
  /** Why the range was refused (status 400), already in the page's language. */
  error?: string;
}

export function ReportView({ tenant, timeZone, presets, from, to, month, report, error }: ReportViewProps) {
  const t = useT();
  const path = `/${tenant}/admin/reports`;
  return (
    <div className="report">
      <form className="report-range" method="get" action={path}>
        <ul className="report-presets" aria-label={t("Ranges")}>
          {presets.map((p) => (
            <li key={p.key}>
              <a
                href={`${path}?from=${p.from}&to=${p.to}`}
                aria-current={!error && p.from === from && p.to === to ? "true" : undefined}
              >
                {t(p.label)}
              </a>
            </li>
          ))}
        </ul>
        <div className="report-range__fields">
          <label>
            <span>{t("From")}</span>
            <input type="date" name="from" defaultValue={from} required />
          </label>
          <label>
            <span>{t("To")}</span>
            <input type="date" name="to" defaultValue={to} required />
          </label>
          <button type="submit" className="button button--small">{t("Show report")}</button>
        </div>
        <p className="report-range__note">
          {t("Days are counted in {zone} time; weeks start on Monday.", { zone: timeZone })}
        </p>
      </form>

      {error && <p className="notice notice--error report-error" role="alert">{error}</p>}

      {report && (
        <>
          <h2 className="report-period" data-range={`${report.from}/${report.to}`}>
            {formatRange(t.lang, report.from, report.to)}
          </h2>
          {report.requested === 0 && (
            <p className="report-empty report-empty--range">{t("No rides were requested in this range.")}</p>
          )}
          <FigureTiles report={report} />
          {report.requested > 0 && (
            <div className="report-charts">
              <RidesPerDay report={report} />
              <RequestsByHour report={report} />
            </div>
          )}
          <div className="report-charts">
            <DriversTable report={report} />
            <BusiestPickups report={report} />
          </div>
        </>
      )}

      <section className="report-card report-monthly" aria-labelledby="report-monthly-title">
        <h2 id="report-monthly-title">{t("Monthly summary")}</h2>
        <p>{t("The month's figures for the National Transit Database and your funders, on one printable page.")}</p>
        <MonthPicker
          className="report-monthly__form"
          action={`${path}/monthly`}
          month={month}
          button="Open the monthly summary"
        />
      </section>
    </div>
  );
}
