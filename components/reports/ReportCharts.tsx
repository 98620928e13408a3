/**
 * The report's charts and tables: rides per day, requests by
 * weekday and hour, drivers, busiest pickups. Each chart is drawn twice
 * (a phone's and a desk's drawing, one shown by the stylesheet) and its
 * numbers follow in a table under a <details>, for screen readers and for
 * anyone who wants the figures.
 */
import type { Report } from "../../lib/reports.ts";
import { useT } from "../texts.tsx";
import { COMPLETED_FILL, DayBars, REQUESTED_FILL } from "./DayBars.tsx";
import { minutes } from "./FigureTiles.tsx";
import { HourHeatMap, SHADES, WEEKDAYS } from "./HourHeatMap.tsx";
import { formatDay, formatNumber, weekdayLabel } from "./numbers.ts";

/** The drawings' own widths: about a phone's column and a desk's. */
const PHONE = 330;
const DESK = 960;

function Swatch({ fill }: { fill: string }) {
  return (
    <svg className="chart-key__swatch" viewBox="0 0 12 12" aria-hidden="true">
      <rect width="12" height="12" rx="2" fill={fill} />
    </svg>
  );
}

export function RidesPerDay({ report }: { report: Report }) {
  const t = useT();
  const n = (v: number) => formatNumber(t.lang, v);
  return (
    <section className="report-card" aria-labelledby="report-days-title">
      <h2 id="report-days-title">{t("Rides per day")}</h2>
      <p className="chart-key" aria-hidden="true">
        <span>
          <Swatch fill={REQUESTED_FILL} /> {t("Rides requested")}
        </span>
        <span>
          <Swatch fill={COMPLETED_FILL} /> {t("Rides completed")}
        </span>
      </p>
      <div className="chart-frame chart-frame--phone">
        <DayBars days={report.byDay} width={PHONE} labelId="report-days-title" />
      </div>
      <div className="chart-frame chart-frame--desk">
        <DayBars days={report.byDay} width={DESK} labelId="report-days-title" />
      </div>
      <details className="chart-numbers">
        <summary>{t("Show the numbers")}</summary>
        <table className="numbers-table">
          <thead>
            <tr>
              <th scope="col">{t("Day")}</th>
              <th scope="col">{t("Rides requested")}</th>
              <th scope="col">{t("Rides completed")}</th>
            </tr>
          </thead>
          <tbody>
            {report.byDay.map((d) => (
              <tr key={d.date}>
                <th scope="row">{weekdayLabel(t.lang, d.date)} {formatDay(t.lang, d.date)}</th>
                <td>{n(d.requested)}</td>
                <td>{n(d.completed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

export function RequestsByHour({ report }: { report: Report }) {
  const t = useT();
  return (
    <section className="report-card" aria-labelledby="report-hours-title">
      <h2 id="report-hours-title">{t("Requests by weekday and hour")}</h2>
      <p className="chart-key" aria-hidden="true">
        <span>{t("Fewer")}</span>
        {SHADES.map((fill) => <Swatch key={fill} fill={fill} />)}
        <span>{t("More")}</span>
      </p>
      <div className="chart-frame chart-frame--phone">
        <HourHeatMap byHour={report.byHour} width={PHONE} labelId="report-hours-title" />
      </div>
      <div className="chart-frame chart-frame--desk">
        <HourHeatMap byHour={report.byHour} width={DESK} labelId="report-hours-title" />
      </div>
      <details className="chart-numbers">
        <summary>{t("Show the numbers")}</summary>
        <div className="numbers-scroll">
          <table className="numbers-table numbers-table--hours">
            <thead>
              <tr>
                <th scope="col">{t("Hour")}</th>
                {WEEKDAYS.map((day) => <th key={day} scope="col">{t(day)}</th>)}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: 24 }, (_, hour) => (
                <tr key={hour}>
                  <th scope="row">{String(hour).padStart(2, "0")}:00</th>
                  {report.byHour.map((hours, day) => <td key={day}>{formatNumber(t.lang, hours[hour])}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

export function DriversTable({ report }: { report: Report }) {
  const t = useT();
  return (
    <section className="report-card" aria-labelledby="report-drivers-title">
      <h2 id="report-drivers-title">{t("Drivers")}</h2>
      {report.drivers.length === 0
        ? <p className="report-empty">{t("No driver completed a ride in this range.")}</p>
        : (
          <div className="numbers-scroll">
            <table className="numbers-table numbers-table--wide" data-report="drivers">
              <thead>
                <tr>
                  <th scope="col">{t("Driver")}</th>
                  <th scope="col">{t("Rides completed")}</th>
                  <th scope="col">{t("Median wait")}</th>
                  <th scope="col">{t("Rating")}</th>
                </tr>
              </thead>
              <tbody>
                {report.drivers.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">{d.name ?? t("Unnamed driver")}</th>
                    <td>{formatNumber(t.lang, d.completed)}</td>
                    <td>{minutes(t, d.waitMinutesP50) ?? "–"}</td>
                    <td>{d.rating === null ? t("Not rated") : `${formatNumber(t.lang, d.rating, 1)} / 5`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}

export function BusiestPickups({ report }: { report: Report }) {
  const t = useT();
  const coord = (v: number) => formatNumber(t.lang, v, 4);
  return (
    <section className="report-card" aria-labelledby="report-pickups-title">
      <h2 id="report-pickups-title">{t("Busiest pickups")}</h2>
      {report.pickups.length === 0
        ? <p className="report-empty">{t("No pickups in this range.")}</p>
        : (
          <div className="numbers-scroll">
            <table className="numbers-table numbers-table--wide" data-report="pickups">
              <thead>
                <tr>
                  <th scope="col">{t("Pickup")}</th>
                  <th scope="col">{t("Requests")}</th>
                </tr>
              </thead>
              <tbody>
                {report.pickups.map((p) => (
                  <tr key={`${p.label}|${p.lat}|${p.lng}`}>
                    <th scope="row">
                      {p.label ?? t("Pins near {lat}, {lng}", { lat: coord(p.lat), lng: coord(p.lng) })}
                    </th>
                    <td>{formatNumber(t.lang, p.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}
