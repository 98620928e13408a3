/**
 * The rider's standing rides (GET /{t}/api/rides/recurring) and the named
 * places a new one may run between (GET /{t}/api/places), with the calls that
 * change them. Every change sends the whole standing ride (PUT), as the API
 * takes it, and reads the list again, so the next dates shown are the server's.
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import type { Place } from "../../lib/places.ts";
import type { StandingRide } from "../../lib/standing_rides.ts";

/** A standing ride as the list answers it: with its next dates and the bookings made. */
export interface StandingView extends StandingRide {
  nextDates: string[];
  booked: Record<string, string>;
}

export type StandingBody = StandingRide["trip"] & {
  weekdays: number[];
  time?: string;
  arriveBy?: string;
  startDate: string;
  endDate: string | null;
  skipDates: string[];
  paused: boolean;
};

/** The body a PUT sends for `ride` with `change` laid over it. */
export function bodyOf(ride: StandingRide, change: Partial<StandingBody> = {}): StandingBody {
  const { weekdays, time, arriveBy, startDate, endDate, skipDates, paused, trip } = ride;
  return {
    ...trip,
    weekdays,
    ...(time ? { time } : { arriveBy }),
    startDate,
    endDate,
    skipDates,
    paused,
    ...change,
  };
}

type Loaded = { phase: "loading" } | { phase: "error" } | {
  phase: "ready";
  rides: StandingView[];
  max: number;
};

/** The server's words when it sent some, else `fallback`. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverError ? err.serverError : fallback;
}

export function useStandingRides(tenant: string) {
  const [loaded, setLoaded] = useState<Loaded>({ phase: "loading" });
  const [places, setPlaces] = useState<Place[] | null>(null);

  const reload = useCallback(async () => {
    try {
      const data = await api<{ standingRides: StandingView[]; maxStandingRides: number }>(
        `/${tenant}/api/rides/recurring`,
        { tenant },
      );
      setLoaded({ phase: "ready", rides: data.standingRides, max: data.maxStandingRides });
    } catch {
      setLoaded({ phase: "error" });
    }
  }, [tenant]);

  useEffect(() => {
    void reload();
    api<Place[]>(`/${tenant}/api/places`, { tenant }).then(setPlaces, () => setPlaces([]));
  }, [tenant, reload]);

  const create = useCallback(async (body: StandingBody) => {
    await api(`/${tenant}/api/rides/recurring`, { method: "POST", body, tenant });
    await reload();
  }, [tenant, reload]);

  const change = useCallback(async (ride: StandingRide, body: StandingBody) => {
    await api(`/${tenant}/api/rides/recurring/${ride.id}`, { method: "PUT", body, tenant });
    await reload();
  }, [tenant, reload]);

  const remove = useCallback(async (ride: StandingRide) => {
    await api(`/${tenant}/api/rides/recurring/${ride.id}`, { method: "DELETE", tenant });
    await reload();
  }, [tenant, reload]);

  return { loaded, places, create, change, remove };
}
