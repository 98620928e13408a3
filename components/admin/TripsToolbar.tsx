/**
 * The trips screen's status filter, its "Showing X of Y trips" line (spec
 * section 2 "Admin Trips") and the CSV of the last 30 days.
 */
import { useDomId } from "../dom_id.ts";
import { TripsCsvButton } from "./TripsCsvButton.tsx";
import { useT } from "../texts.tsx";
import type { TripFilter } from "./trips_list.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { TRIP_STATUS_LABELS, TRIP_STATUSES } from "../../lib/trips.ts";

export const FILTER_OPTIONS: { value: TripFilter; label: Text }[] = [
  { value: "all", label: "All Trips" },
  ...TRIP_STATUSES.map((s) => ({ value: s, label: TRIP_STATUS_LABELS[s] })),
];

export function TripsToolbar(
  { tenant, timeZone, filter, onFilter, showing }: {
    tenant: string;
    /** The tenant's time zone: the CSV's last 30 days are its days. */
    timeZone?: string;
    filter: TripFilter;
    onFilter: (filter: TripFilter) => void;
    /** Trips on screen and in all, once both are known. */
    showing: { shown: number; total: number } | null;
  },
) {
  const t = useT();
  const selectId = useDomId();
  return (
    <div className="admin-toolbar">
      <div className="admin-toolbar__field">
        <label htmlFor={selectId}>{t("Status")}</label>
        <select id={selectId} value={filter} onChange={(e) => onFilter(e.target.value as TripFilter)}>
          {FILTER_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.label)}</option>)}
        </select>
      </div>
      {showing && (
        <p className="admin-toolbar__count" aria-live="polite">
          {t("Showing {shown} of {count} trips", { shown: showing.shown, count: showing.total })}
        </p>
      )}
      <TripsCsvButton tenant={tenant} timeZone={timeZone} />
    </div>
  );
}
