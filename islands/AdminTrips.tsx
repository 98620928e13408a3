/**
 * Admin Trips (spec section 2): every trip of the tenant, newest
 * first, 50 at a time ("Load more"), with the status filter, count tiles,
 * Refresh, delete with confirmation, and live changes from the every-ride
 * socket. Counts come from the server's counters, so "Showing X of Y trips"
 * is true however long the history. The state is hooks/admin/use_trips.ts.
 */
import { BusyButton } from "../components/BusyButton.tsx";
import { useState } from "react";
import { useNow } from "../browser/live_client.ts";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { DeleteTripDialog } from "../components/admin/DeleteTripDialog.tsx";
import { LiveBadge } from "../components/admin/LiveBadge.tsx";
import { StatTiles } from "../components/admin/StatTiles.tsx";
import { emptyText, type TripFilter } from "../components/admin/trips_list.ts";
import { TripsTable } from "../components/admin/TripsTable.tsx";
import { TripsToolbar } from "../components/admin/TripsToolbar.tsx";
import { useTrips } from "../hooks/admin/use_trips.ts";
import { useDomId } from "../components/dom_id.ts";
import { Loading } from "../components/Guard.tsx";
import { useT } from "../components/texts.tsx";
import { isTripStatus, TRIP_STATUS_LABELS, TRIP_STATUSES } from "../lib/trips.ts";

export { DELETE_CONFIRM } from "../components/admin/DeleteTripDialog.tsx";
export { emptyText } from "../components/admin/trips_list.ts";
export { FILTER_OPTIONS } from "../components/admin/TripsToolbar.tsx";
export { PAGE_SIZE } from "../hooks/admin/use_trips.ts";

export interface AdminTripsProps {
  tenant: string;
  /** The tenant's time zone: the trips' dates and times are shown in it (the browser's own when absent). */
  timeZone?: string;
  /** The tenant dispatches automatically: a pending ride with no driver is "Unassigned" (no vehicle took it). */
  automatic?: boolean;
}

export default function AdminTrips(props: AdminTripsProps) {
  return <AdminGuard tenant={props.tenant}>{() => <TripsScreen {...props} />}</AdminGuard>;
}

function TripsScreen({ tenant, timeZone, automatic = false }: AdminTripsProps) {
  const t = useT();
  const titleId = useDomId();
  const [filter, setFilter] = useState<TripFilter>("all");
  const list = useTrips(tenant, filter, automatic);
  const { trips, counts, phase } = list;
  const now = useNow(30_000);

  const tiles = TRIP_STATUSES.map((s) => ({
    key: s,
    label: t(TRIP_STATUS_LABELS[s]),
    count: counts ? counts.counts[s] : null,
    tone: s,
  }));

  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <AdminNav tenant={tenant} current="trips" />
      <div className="admin-head">
        <h1 id={titleId}>{t("Trips")}</h1>
        <div className="admin-head__actions">
          <LiveBadge state={list.live} />
          <BusyButton
            busy={list.refreshing}
            text={t("Refresh")}
            busyText={t("Refreshing...")}
            onClick={list.refresh}
          />
        </div>
      </div>
      <StatTiles
        label={t("Trips by status")}
        compact
        tiles={tiles}
        selected={filter}
        onSelect={(key) => setFilter((current) => current === key || !isTripStatus(key) ? "all" : key)}
      />
      <TripsToolbar
        tenant={tenant}
        timeZone={timeZone}
        filter={filter}
        onFilter={setFilter}
        showing={phase === "ready" && counts ? { shown: trips.length, total: counts.total } : null}
      />
      {list.alert && <p className="notice notice--error" role="alert">{list.alert}</p>}
      {phase === "loading" && <Loading text={t("Loading trips...")} />}
      {phase === "error" && <p className="notice notice--error" role="alert">{list.error}</p>}
      {phase === "ready" && trips.length === 0 && <p className="empty-state">{emptyText(filter, t)}</p>}
      {phase === "ready" && trips.length > 0 && (
        <TripsTable trips={trips} now={now} timeZone={timeZone} automatic={automatic} onDelete={list.setConfirm} />
      )}
      {phase === "ready" && list.cursor && (
        <div className="admin-more">
          <BusyButton
            busy={list.loadingMore}
            text={t("Load more trips")}
            busyText={t("Loading...")}
            onClick={list.loadMore}
          />
        </div>
      )}
      {list.confirm && (
        <DeleteTripDialog
          trip={list.confirm}
          deleting={list.deleting}
          onCancel={() => list.setConfirm(null)}
          onDelete={list.remove}
        />
      )}
    </section>
  );
}
