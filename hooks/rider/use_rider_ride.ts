/**
 * The rider's ride and the drivers online (spec sections 7, 9): fetched over
 * HTTP on mount and on every socket open, then live over /{tenant}/ws/riders;
 * polled every 15 s while the socket is down.
 *
 * Live changes and our own answers bump a counter, one for the ride and one
 * for the drivers; a fetch that started before a bump of its own counter is
 * stale and dropped, so a slow answer never undoes a newer change, while the
 * drivers list the socket sends as it opens leaves a ride fetch standing. A ride that is no longer active leaves its message ("Ride
 * completed!") in `ended` until the next ride shows.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { type LiveMessage, POLL_WHILE_DOWN_MS, useLiveSocket, usePolling } from "../../browser/live_client.ts";
import type { AvailableDriver } from "../../lib/drivers.ts";
import { nextRiderRide } from "../../lib/ride_lists.ts";
import { isActive, type Ride, type RideStatus } from "../../lib/rides.ts";
import type { TenantView } from "../../lib/tenant_view.ts";
import type { Tracking } from "../../lib/eta.ts";

/** Spec section 9: the ride is fetched again 500 ms after a request or a cancel. */
export const REFETCH_MS = 500;

export interface RiderRide {
  /** null until the first answer ("Loading..."). */
  drivers: AvailableDriver[] | null;
  ride: Ride | null;
  /** The first /rides/my answer (or failure) has come. */
  loaded: boolean;
  /** The status of the ride that just ended, until the next ride (the screen shows its message). */
  ended: RideStatus | null;
  /** Where the ride's driver is and the minutes to go, for the ride it names; null before any word. */
  tracking: RideTracking | null;
  connected: boolean;
  /** The ride as of now, for handlers that outlive a render. */
  rideNow: RefObject<Ride | null>;
  /** Shows the server's answer to our own request or cancel, newer than any fetch under way. */
  answered(ride: Ride): void;
  refetchSoon(): void;
}

/** `onTenant`: the tenant's name or area changed. */
export interface RideTracking extends Tracking {
  rideId: string;
}

export function useRiderRide(tenant: string, onTenant?: (view: TenantView) => void): RiderRide {
  const [drivers, setDrivers] = useState<AvailableDriver[] | null>(null);
  const [ride, setRide] = useState<Ride | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [ended, setEnded] = useState<RideStatus | null>(null);
  const [tracking, setTracking] = useState<RideTracking | null>(null);

  const rideChanges = useRef(0);
  const driverChanges = useRef(0);
  const rideNow = useRef<Ride | null>(null);
  rideNow.current = ride;

  const showRide = useCallback((next: Ride | null) => {
    const current = rideNow.current;
    if (next && !isActive(next.status)) {
      if (current && current.id !== next.id) return;
      setRide(null);
      setEnded(next.status);
      return;
    }
    if (next) setEnded(null);
    setRide(next ? nextRiderRide(current, next) : null);
  }, []);

  const loadRide = useCallback(() => {
    const started = rideChanges.current;
    api<(Ride & Tracking) | null>(`/${tenant}/api/rides/my`, { tenant }).then(
      (fetched) => {
        setLoaded(true);
        if (fetched?.driverLocation) setTracking({ ...fetched, rideId: fetched.id });
        if (rideChanges.current !== started) return;
        showRide(fetched ?? null);
      },
      () => setLoaded(true),
    );
  }, [tenant, showRide]);

  const loadDrivers = useCallback(() => {
    const started = driverChanges.current;
    api<AvailableDriver[]>(`/${tenant}/api/drivers/available`, { tenant }).then(
      (list) => {
        if (driverChanges.current === started && Array.isArray(list)) setDrivers(list);
      },
      // Still unknown: the count keeps its last value ("Loading..." at first).
      () => {},
    );
  }, [tenant]);

  const refresh = useCallback(() => {
    loadRide();
    loadDrivers();
  }, [loadRide, loadDrivers]);
  useEffect(refresh, [refresh]);

  const onMessage = useCallback((message: LiveMessage) => {
    if (message.type === "tenant") return onTenant?.(message.tenant);
    if (message.type === "driver-location") return setTracking({ ...message, driverLocation: message.location });
    if (message.type === "driver-updates") {
      driverChanges.current++;
      setDrivers(message.drivers);
    } else if (message.type !== "fleet") {
      rideChanges.current++;
      showRide(message.ride);
    }
  }, [showRide, onTenant]);
  const { connected } = useLiveSocket({ tenant, kind: "riders", onMessage, onOpen: refresh });
  usePolling(refresh, POLL_WHILE_DOWN_MS, !connected);

  const answered = useCallback((next: Ride) => {
    rideChanges.current++;
    showRide(next);
  }, [showRide]);

  // The refetch timers are forgotten on unmount.
  const refetches = useRef(new Set<ReturnType<typeof setTimeout>>());
  const refetchSoon = useCallback(() => {
    const timer = setTimeout(() => {
      refetches.current.delete(timer);
      loadRide();
    }, REFETCH_MS);
    refetches.current.add(timer);
  }, [loadRide]);
  useEffect(() => {
    const timers = refetches.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  return {
    drivers,
    ride,
    loaded,
    ended,
    connected,
    rideNow,
    answered,
    refetchSoon,
    // Only for the ride on screen: a word about an earlier ride is not shown.
    tracking: ride && tracking?.rideId === ride.id ? tracking : null,
  };
}
