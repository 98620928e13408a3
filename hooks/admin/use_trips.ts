/**
 * The trips screen's state (spec section 2 "Admin Trips", section 8 Trips):
 * the first page for the filter and the pages after it ("Load
 * more", by the X-Next-Cursor header), the server's counts, delete, and the
 * live changes of the every-ride socket (`/{tenant}/ws/drivers?scope=all`,
 * docs/live.md) merged in as they come.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, apiWithHeaders } from "../../browser/auth_client.ts";
import { useLiveSocket } from "../../browser/live_client.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Vehicle } from "../../lib/vehicles.ts";
import { toTrip, type Trip, type TripCounts } from "../../lib/trips.ts";
import { useT } from "../../components/texts.tsx";
import { tripDeleteError, tripsLoadError } from "../../components/admin/texts.ts";
import { mergeTrip, type TripFilter } from "../../components/admin/trips_list.ts";

export const PAGE_SIZE = 50;

export type Phase = "loading" | "ready" | "error";

async function fetchPage(tenant: string, filter: TripFilter, cursor: string | null) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter !== "all") query.set("status", filter);
  if (cursor) query.set("cursor", cursor);
  // requireToken: signed out in another tab, the screen says so (spec section 8) rather than asking anyway.
  const { data, headers } = await apiWithHeaders<Trip[]>(`/${tenant}/api/admin/rides?${query}`, {
    tenant,
    requireToken: true,
  });
  return { trips: Array.isArray(data) ? data : [], cursor: headers.get("x-next-cursor") };
}

/** `automatic`: the tenant dispatches automatically, so rides carry vehicles the list names. */
export function useTrips(tenant: string, filter: TripFilter, automatic = false) {
  const t = useT();
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

  // Read by socket handlers, which outlive renders.
  const filterRef = useRef(filter);
  filterRef.current = filter;
  /** The oldest trip id the loaded pages reached, null once no older page remains (trips_list.ts mergeTrip). */
  const boundary = useRef<string | null>(null);
  /** Bumped by each first-page load: an older answer (another filter) is dropped. */
  const generation = useRef(0);
  /** Fetches writing the list right now; live rides wait in `held` until they finish, then apply in order. */
  const inFlight = useRef(0);
  const held = useRef<Ride[]>([]);
  /** Trips this admin deleted: the feed's "canceled" for them must not bring them back. */
  const deleted = useRef(new Set<string>());
  const countsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Vehicle names by id, from the pages read and the tenant's vehicles: a live ride names its vehicle with them. */
  const vehicleNames = useRef(new Map<string, string>());
  const learnNames = useCallback((list: readonly Trip[]) => {
    for (const trip of list) if (trip.vehicle?.name) vehicleNames.current.set(trip.vehicle.id, trip.vehicle.name);
  }, []);

  const applyRide = useCallback((ride: Ride) => {
    if (deleted.current.has(ride.id)) return;
    const trip = toTrip(ride, (id) => vehicleNames.current.get(id) ?? null);
    setTrips((list) => mergeTrip(list, trip, filterRef.current, boundary.current));
  }, []);

  useEffect(() => {
    if (!automatic) return;
    // A vehicle no page named yet (a ride just planned into it) still shows its name; without this, a blank.
    api<Vehicle[]>(`/${tenant}/api/admin/vehicles`, { tenant })
      .then((list) => {
        if (Array.isArray(list)) { for (const v of list) vehicleNames.current.set(v.id, v.name); }
      })
      .catch(() => {});
  }, [tenant, automatic]);

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
      learnNames(page.trips);
      setTrips(page.trips.filter((t) => !deleted.current.has(t.id)));
      setCursor(page.cursor);
      setCounts(totals);
      setError("");
      setPhase("ready");
    } catch (err) {
      if (gen !== generation.current) return;
      setError(tripsLoadError(err, t));
      setPhase("error");
    } finally {
      settle();
    }
  }, [tenant, settle, t, learnNames]);

  useEffect(() => {
    loadFirst(filter);
  }, [filter, loadFirst]);

  const { state: live } = useLiveSocket({
    tenant,
    kind: "drivers",
    scope: "all",
    onMessage(message) {
      if (message.type !== "new" && message.type !== "update" || !message.ride.id) return;
      if (inFlight.current > 0) held.current.push(message.ride);
      else applyRide(message.ride);
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
      learnNames(page.trips);
      setTrips((list) => {
        const known = new Set(list.map((t) => t.id));
        return [...list, ...page.trips.filter((t) => !known.has(t.id) && !deleted.current.has(t.id))];
      });
      setCursor(page.cursor);
    } catch (err) {
      if (gen === generation.current) setAlert(tripsLoadError(err, t));
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
      setAlert(tripDeleteError(err, t));
    } finally {
      setDeleting(false);
      setConfirm(null);
    }
  }

  return {
    trips,
    cursor,
    counts,
    phase,
    error,
    alert,
    live,
    loadingMore,
    refreshing,
    refresh,
    loadMore,
    /** The trip whose delete waits for confirmation, and the dialog's actions. */
    confirm,
    setConfirm,
    deleting,
    remove,
  };
}
