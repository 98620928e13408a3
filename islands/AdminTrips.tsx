/**
 * Admin Trips (spec section 2; issue 7): every trip of the tenant, newest
 * first, 50 at a time ("Load more"), with the status filter, count tiles,
 * Refresh, delete with confirmation, and live changes from the every-ride
 * socket. Counts come from the server's counters, so "Showing X of Y trips"
 * is true however long the history.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { type FeedState, mergeTrip, type TripFilter, useRideFeed } from "../browser/live_trips.ts";
import { Modal } from "../components/admin/Modal.tsx";
import { getWithHeaders } from "../browser/admin_request.ts";
import { StatTiles } from "../components/admin/StatTiles.tsx";
import { tripDeleteError, tripsLoadError } from "../components/admin/texts.ts";
import { TripsTable, tripTitle } from "../components/admin/TripsTable.tsx";
import { Loading } from "../components/Guard.tsx";
import type { Ride } from "../lib/rides.ts";
import { api } from "../browser/auth_client.ts";
import { isTripStatus, toTrip, type Trip, TRIP_STATUS_LABELS, TRIP_STATUSES, type TripCounts } from "../lib/trips.ts";

export interface AdminTripsProps {
  tenant: string;
}

export const PAGE_SIZE = 50;
export const DELETE_CONFIRM = "Are you sure you want to delete this trip? This action cannot be undone.";
export const FILTER_OPTIONS: { value: TripFilter; label: string }[] = [
  { value: "all", label: "All Trips" },
  ...TRIP_STATUSES.map((s) => ({ value: s, label: TRIP_STATUS_LABELS[s] })),
];

export function emptyText(filter: TripFilter): string {
  return filter === "all" ? "No trips found." : `No trips with status ${filter} found.`;
}

export default function AdminTrips({ tenant }: AdminTripsProps) {
  return <AdminGuard tenant={tenant}>{() => <TripsScreen tenant={tenant} />}</AdminGuard>;
}

type Phase = "loading" | "ready" | "error";

async function fetchPage(tenant: string, filter: TripFilter, cursor: string | null) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter !== "all") query.set("status", filter);
  if (cursor) query.set("cursor", cursor);
  const { data, headers } = await getWithHeaders<Trip[]>(`/${tenant}/api/admin/rides?${query}`, tenant);
  return { trips: Array.isArray(data) ? data : [], cursor: headers.get("x-next-cursor") };
}

/** The current time, moving every 30 s so relative times stay true. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function TripsScreen({ tenant }: { tenant: string }) {
  const [filter, setFilter] = useState<TripFilter>("all");
  const [trips, setTrips] = useState<Trip[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [counts, setCounts] = useState<TripCounts | null>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [error, setError] = useState("");
  const [loadingMore, setLoadingMore] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [confirm, setConfirm] = useState<Trip | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [alert, setAlert] = useState("");
  const now = useNow();

  // Read by socket handlers, which outlive renders.
  const filterRef = useRef(filter);
  filterRef.current = filter;
  /** The oldest trip id the loaded pages reached, null once no older page remains (live_trips.ts mergeTrip). */
  const boundary = useRef<string | null>(null);
  /** Bumped by each first-page load: an older answer (another filter) is dropped. */
  const generation = useRef(0);
  /** Fetches writing the list right now; live rides wait in `held` until they finish, then apply in order. */
  const inFlight = useRef(0);
  const held = useRef<Ride[]>([]);
  /** Trips this admin deleted: the feed's "canceled" for them must not bring them back. */
  const deleted = useRef(new Set<string>());
  const countsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const applyRide = useCallback((ride: Ride) => {
    if (deleted.current.has(ride.id)) return;
    setTrips((list) => mergeTrip(list, toTrip(ride), filterRef.current, boundary.current));
  }, []);

  const settle = useCallback(() => {
    if (--inFlight.current > 0) return;
    const rides = held.current;
    held.current = [];
    rides.forEach(applyRide);
  }, [applyRide]);

  const loadCounts = useCallback(async () => {
    try {
      setCounts(await api<TripCounts>(`/${tenant}/api/admin/rides/counts`, { tenant }));
    } catch {
      // The list still shows; the tiles keep their last figures until the next change or Refresh.
    }
  }, [tenant]);

  const loadFirst = useCallback(async (f: TripFilter, { quiet = false } = {}) => {
    const gen = ++generation.current;
    if (!quiet) setPhase("loading");
    inFlight.current++;
    try {
      const [page, totals] = await Promise.all([
        fetchPage(tenant, f, null),
        api<TripCounts>(`/${tenant}/api/admin/rides/counts`, { tenant }),
      ]);
      if (gen !== generation.current) return;
      boundary.current = page.cursor ? page.trips.at(-1)?.id ?? null : null;
      setTrips(page.trips.filter((t) => !deleted.current.has(t.id)));
      setCursor(page.cursor);
      setCounts(totals);
      setError("");
      setPhase("ready");
    } catch (err) {
      if (gen !== generation.current) return;
      setError(tripsLoadError(err));
      setPhase("error");
    } finally {
      settle();
    }
  }, [tenant, settle]);

  useEffect(() => {
    loadFirst(filter);
  }, [filter, loadFirst]);

  const feed = useRideFeed(tenant, {
    onRide(ride) {
      if (inFlight.current > 0) held.current.push(ride);
      else applyRide(ride);
      clearTimeout(countsTimer.current);
      countsTimer.current = setTimeout(loadCounts, 400);
    },
    // Whatever changed before the socket (re)opened was not heard: read the first page again.
    onOpen() {
      loadFirst(filterRef.current, { quiet: true });
    },
  });
  useEffect(() => () => clearTimeout(countsTimer.current), []);

  async function refresh() {
    setRefreshing(true);
    setAlert("");
    await loadFirst(filter, { quiet: true });
    setRefreshing(false);
  }

  async function loadMore() {
    if (!cursor) return;
    const gen = generation.current;
    setLoadingMore(true);
    inFlight.current++;
    try {
      const page = await fetchPage(tenant, filter, cursor);
      if (gen !== generation.current) return;
      boundary.current = page.cursor ? page.trips.at(-1)?.id ?? boundary.current : null;
      setTrips((list) => {
        const known = new Set(list.map((t) => t.id));
        return [...list, ...page.trips.filter((t) => !known.has(t.id) && !deleted.current.has(t.id))];
      });
      setCursor(page.cursor);
    } catch (err) {
      if (gen === generation.current) setAlert(tripsLoadError(err));
    } finally {
      setLoadingMore(false);
      settle();
    }
  }

  async function remove(trip: Trip) {
    setDeleting(true);
    try {
      await api(`/${tenant}/api/rides/${trip.id}`, { method: "DELETE", tenant });
      deleted.current.add(trip.id);
      setTrips((list) => list.filter((t) => t.id !== trip.id));
      setAlert("");
      loadCounts();
    } catch (err) {
      setAlert(tripDeleteError(err));
    } finally {
      setDeleting(false);
      setConfirm(null);
    }
  }

  const tiles = TRIP_STATUSES.map((s) => ({
    key: s,
    label: TRIP_STATUS_LABELS[s],
    count: counts ? counts.counts[s] : null,
    tone: s,
  }));

  return (
    <section className="admin-page" aria-labelledby="trips-title">
      <AdminNav tenant={tenant} current="trips" />
      <div className="admin-head">
        <h1 id="trips-title">Trips</h1>
        <div className="admin-head__actions">
          <LiveBadge state={feed} />
          <button type="button" className="button button--secondary" onClick={refresh} disabled={refreshing}>
            {refreshing ? "Refreshing..." : "Refresh"}
          </button>
        </div>
      </div>
      <StatTiles
        label="Trips by status"
        compact
        tiles={tiles}
        selected={filter}
        onSelect={(key) => setFilter((current) => current === key || !isTripStatus(key) ? "all" : key)}
      />
      <div className="admin-toolbar">
        <div className="admin-toolbar__field">
          <label htmlFor="trip-status-filter">Status</label>
          <select
            id="trip-status-filter"
            value={filter}
            onChange={(e) => setFilter(e.target.value as TripFilter)}
          >
            {FILTER_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
        {phase === "ready" && counts && (
          <p className="admin-toolbar__count" aria-live="polite">
            Showing {trips.length} of {counts.total} trips
          </p>
        )}
      </div>
      {alert && <p className="notice notice--error" role="alert">{alert}</p>}
      {phase === "loading" && <Loading text="Loading trips..." />}
      {phase === "error" && <p className="notice notice--error" role="alert">{error}</p>}
      {phase === "ready" && trips.length === 0 && <p className="empty-state">{emptyText(filter)}</p>}
      {phase === "ready" && trips.length > 0 && <TripsTable trips={trips} now={now} onDelete={setConfirm} />}
      {phase === "ready" && cursor && (
        <div className="admin-more">
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? "Loading..." : "Load more trips"}
          </button>
        </div>
      )}
      {confirm && (
        <Modal
          title="Delete trip"
          busy={deleting}
          onClose={() => setConfirm(null)}
          actions={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirm(null)}
                disabled={deleting}
                data-autofocus
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => remove(confirm)}
                disabled={deleting}
              >
                {deleting ? "Deleting..." : "Delete"}
              </button>
            </>
          }
        >
          <p>{DELETE_CONFIRM}</p>
          <p className="modal__subject">{tripTitle(confirm)}</p>
        </Modal>
      )}
    </section>
  );
}

const LIVE_TEXT: Record<FeedState, string> = {
  connecting: "Connecting...",
  live: "Live",
  offline: "Reconnecting...",
  refused: "Live updates off",
};

function LiveBadge({ state }: { state: FeedState }) {
  return (
    <span className={`live-badge live-badge--${state}`} role="status">
      <span className="live-badge__dot" aria-hidden="true" />
      {LIVE_TEXT[state]}
    </span>
  );
}
