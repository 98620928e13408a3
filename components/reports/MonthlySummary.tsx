/**
 * The monthly summary: a month's demand-response figures as the
 * National Transit Database asks for them, on one page that prints black on
 * white (static/css/reports.css hides everything else when printing).
 */
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Report } from "../../lib/reports.ts";
import { useT } from "../texts.tsx";
import { minutes } from "./FigureTiles.tsx";
import { MonthPicker } from "./MonthPicker.tsx";
import { formatDay, formatMonth, formatNumber } from "./numbers.ts";

export interface MonthlySummaryProps {
  tenant: string;
  organisation: string;
  timeZone: string;
  /** "YYYY-MM" as asked for (shown back in the picker even when wrong). */
  month: string;
  report: Report | null;
  /** The tenant's local date today, for "Prepared on". */
  today: string;
  error?: string;
}

/** Days with at least one completed ride: the days the service carried someone. */
export const daysWithService = (report: Report) => report.byDay.filter((d) => d.completed > 0).length;

interface Row {
  key: string;
  label: Text;
  note: Text;
  value: string;
}

export function MonthlySummary({ tenant, organisation, timeZone, month, report, today, error }: MonthlySummaryProps) {
  const t = useT();
  const n = (v: number, digits = 0) => formatNumber(t.lang, v, digits);
  const rows: Row[] = report
    ? [
      {
        key: "passengers",
        label: "Unlinked passenger trips",
        note: "Passengers carried on completed rides",
        value: n(report.passengers),
      },
      {
        key: "vehicleHours",
        label: "Vehicle revenue hours",
        note: "Hours drivers were online and available",
        value: n(report.vehicleHours, 1),
      },
      {
        key: "vehicleMiles",
        label: "Vehicle revenue miles",
        note: "Miles driven while online",
        value: n(report.vehicleMiles, 1),
      },
      {
        key: "daysWithService",
        label: "Days with service",
        note: "Days with at least one completed ride",
        value: n(daysWithService(report)),
      },
      {
        key: "completed",
        label: "Rides completed",
        note: "Rides that reached the destination",
        value: n(report.completed),
      },
      { key: "noShows", label: "No-shows", note: "The rider was not at the pickup", value: n(report.noShows) },
      {
        key: "cancellations",
        label: "Cancellations",
        note: "By riders, drivers or admins",
        value: n(report.canceledByRider + report.canceledByStaff),
      },
      {
        key: "passengersPerVehicleHour",
        label: "Passengers per vehicle hour",
        note: "Unlinked passenger trips over vehicle revenue hours",
        value: report.passengersPerVehicleHour === null ? "–" : n(report.passengersPerVehicleHour, 2),
      },
      {
        key: "waitMinutes.p50",
        label: "Median wait",
        note: "From the request, or the booked time, to the driver's arrival",
        value: minutes(t, report.waitMinutes.p50) ?? "–",
      },
    ]
    : [];
  return (
    <div className="monthly">
      <MonthPicker
        className="monthly__pick"
        action={`/${tenant}/admin/reports/monthly`}
        month={month}
        button="Show month"
      />
      {error && <p className="notice notice--error report-error" role="alert">{error}</p>}
      {report && (
        <article className="monthly-sheet" aria-labelledby="monthly-sheet-title">
          <header className="monthly-sheet__head">
            <p className="monthly-sheet__org">{organisation}</p>
            <h2 id="monthly-sheet-title">
              {t("Demand response, {month}", { month: formatMonth(t.lang, month) })}
            </h2>
            <p className="monthly-sheet__meta">
              {t("{from} to {to}, days in {zone} time. Prepared on {today}.", {
                from: formatDay(t.lang, report.from, "long"),
                to: formatDay(t.lang, report.to, "long"),
                zone: timeZone,
                today: formatDay(t.lang, today, "long"),
              })}
            </p>
          </header>
          {report.requested === 0 && <p className="report-empty">{t("No rides were requested in this month.")}</p>}
          <table className="monthly-table">
            <thead>
              <tr>
                <th scope="col">{t("Measure")}</th>
                <th scope="col">{t("Value")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    <span className="monthly-table__label">{t(row.label)}</span>
                    <span className="monthly-table__note">{t(row.note)}</span>
                  </th>
                  <td data-figure={row.key}>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="monthly-sheet__foot">
            {t("Figures from Hopper's ride records. Rides count on the day they were requested.")}
          </p>
        </article>
      )}
    </div>
  );
}
