/**
 * The report's figures as tiles in three groups: rides, times and
 * service. Each value carries `data-figure` (the report's field) so the
 * browser test can hold the page against GET /{t}/api/admin/reports.
 */
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Report } from "../../lib/reports.ts";
import { type T, useT } from "../texts.tsx";
import { formatNumber, formatPercent } from "./numbers.ts";

interface Figure {
  key: string;
  label: Text;
  value: string | null;
}

/** "–" for a figure with nothing to measure (no ride ended, no wait recorded). */
function Value({ value }: { value: string | null }) {
  const t = useT();
  if (value !== null) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t("No data")}</span>
    </>
  );
}

export const minutes = (t: T, n: number | null) => n === null ? null : t("{count} min", { count: n });

interface FigureGroup {
  title: Text;
  figures: Figure[];
  /** What the group counts, when its figures need saying. */
  note?: string;
}

export function figureGroups(t: T, r: Report): FigureGroup[] {
  const n = (value: number, digits = 0) => formatNumber(t.lang, value, digits);
  const percent = (share: number | null) => share === null ? null : formatPercent(t.lang, share);
  const s = r.sharing;
  // Only a tenant with vehicles has these (kv/reports.ts): one that dispatches by hand keeps its three groups.
  const sharing: FigureGroup[] = s
    ? [{
      title: "Shared rides",
      note: t(
        "Completed rides in a vehicle, on the day of their pickup. On time: picked up within {minutes} minutes of the request or of the booked time.",
        { minutes: s.maxWaitMinutes },
      ),
      figures: [
        { key: "sharing.rides", label: "Rides in a vehicle", value: n(s.rides) },
        { key: "sharing.sharedRate", label: "Rides shared", value: percent(s.sharedRate) },
        {
          key: "sharing.ridersPerTrip",
          label: "Riders per vehicle trip",
          value: s.ridersPerTrip === null ? null : n(s.ridersPerTrip, 2),
        },
        {
          key: "sharing.detour",
          label: "Average detour (time aboard ÷ direct time)",
          value: s.detour === null ? null : `${n(s.detour, 2)}×`,
        },
        { key: "sharing.onTimeRate", label: "On-time pickups", value: percent(s.onTimeRate) },
        { key: "sharing.hoursWithRiders", label: "Vehicle hours with riders", value: n(s.hoursWithRiders, 1) },
        {
          key: "sharing.hoursWithoutRiders",
          label: "Vehicle hours without riders",
          value: n(s.hoursWithoutRiders, 1),
        },
      ],
    }]
    : [];
  return [
    {
      title: "Rides",
      figures: [
        { key: "requested", label: "Rides requested", value: n(r.requested) },
        { key: "completed", label: "Rides completed", value: n(r.completed) },
        {
          key: "completionRate",
          label: "Completion rate",
          value: r.completionRate === null ? null : formatPercent(t.lang, r.completionRate),
        },
        { key: "canceledByRider", label: "Canceled by the rider", value: n(r.canceledByRider) },
        { key: "canceledByStaff", label: "Canceled by a driver or admin", value: n(r.canceledByStaff) },
        { key: "noShows", label: "No-shows", value: n(r.noShows) },
      ],
    },
    {
      title: "Waiting and riding",
      figures: [
        { key: "waitMinutes.p50", label: "Median wait", value: minutes(t, r.waitMinutes.p50) },
        { key: "waitMinutes.p90", label: "Wait, 90th percentile", value: minutes(t, r.waitMinutes.p90) },
        { key: "acceptMinutes.p50", label: "Median time to accept", value: minutes(t, r.acceptMinutes.p50) },
        { key: "rideMinutes.p50", label: "Median ride time", value: minutes(t, r.rideMinutes.p50) },
      ],
    },
    {
      title: "Service",
      figures: [
        { key: "passengers", label: "Passengers carried", value: n(r.passengers) },
        { key: "vehicleHours", label: "Vehicle revenue hours", value: n(r.vehicleHours, 1) },
        { key: "vehicleMiles", label: "Vehicle revenue miles", value: n(r.vehicleMiles, 1) },
        {
          key: "passengersPerVehicleHour",
          label: "Passengers per vehicle hour",
          value: r.passengersPerVehicleHour === null ? null : n(r.passengersPerVehicleHour, 2),
        },
      ],
    },
    ...sharing,
  ];
}

export function FigureTiles({ report }: { report: Report }) {
  const t = useT();
  return (
    <div className="report-figures">
      {figureGroups(t, report).map((group) => (
        <section key={group.title} className="report-group" aria-label={t(group.title)}>
          <h2 className="report-group__title">{t(group.title)}</h2>
          {group.note && <p className="report-group__note">{group.note}</p>}
          <dl className="report-tiles">
            {group.figures.map((f) => (
              <div key={f.key} className="report-tile">
                <dt className="report-tile__label">{t(f.label)}</dt>
                <dd className="report-tile__value" data-figure={f.key}>
                  <Value value={f.value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
