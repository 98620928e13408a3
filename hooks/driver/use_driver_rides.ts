/**
 * The driver's ride list (spec sections 4, 7, 9): fetched over HTTP on mount
 * and on every socket open, then live over /{tenant}/ws/drivers
 * (browser/live_client.ts logs 1008/1011 closes as an access restriction);
 * polled every 15 s while the socket is down. A fetch started before a newer
 * live change is dropped.
 *
 * `move` sends one of a card's actions; on a refusal the card shows the
 * server's text and the list is fetched again, as someone else may have
 * moved the ride (another driver accepted it first).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { type LiveMessage, POLL_WHILE_DOWN_MS, useLiveSocket, usePolling } from "../../browser/live_client.ts";
import type { DriverAction } from "../../lib/driver_actions.ts";
import { offeredInList } from "../../lib/ride_offers.ts";
import { sortDriverRides, upsertDriverRide } from "../../lib/ride_lists.ts";
import type { Ride } from "../../lib/rides.ts";
import type { TenantView } from "../../lib/tenant_view.ts";
import { useT } from "../../components/texts.tsx";

export const UPDATE_FAILED = "Failed to update ride." as const;

/**
 * `onTenant`: the tenant's name or area changed. `accessible`: the
 * driver's vehicle takes a wheelchair: wheelchair rides stay in the
 * list only then, and the list is fetched again when it changes.
 */
export function useDriverRides(
  tenant: string,
  me: string,
  onTenant?: (view: TenantView) => void,
  accessible = false,
) {
  const t = useT();
  const [rides, setRides] = useState<Ride[] | null>(null);
  /** The ride whose action is on its way; every card's buttons wait meanwhile. */
  const [moving, setMoving] = useState<string | null>(null);
  const [rideError, setRideError] = useState<{ id: string; text: string } | null>(null);

  /** The list without rides this driver's vehicle is not offered. */
  const offered = (list: Ride[]) => list.filter((r) => offeredInList(r, me, accessible));
  const changes = useRef(0);
  const loadRides = useCallback(() => {
    const started = changes.current;
    api<Ride[]>(`/${tenant}/api/driver/rides`, { tenant }).then(
      (list) => {
        if (changes.current === started && Array.isArray(list)) setRides(sortDriverRides(list));
      },
      () => setRides((held) => held ?? []),
    );
  }, [tenant, accessible]);
  useEffect(loadRides, [loadRides]);

  const onMessage = useCallback((message: LiveMessage) => {
    if (message.type === "tenant") return onTenant?.(message.tenant);
    if (message.type !== "new" && message.type !== "update") return;
    changes.current++;
    setRides((list) => offered(upsertDriverRide(list ?? [], message.ride, me)));
  }, [me, onTenant, accessible]);
  const { connected } = useLiveSocket({ tenant, kind: "drivers", onMessage, onOpen: loadRides });
  usePolling(loadRides, POLL_WHILE_DOWN_MS, !connected);

  /** True when the server took the move. */
  const move = async (ride: Ride, action: Pick<DriverAction, "to">): Promise<boolean> => {
    if (moving) return false;
    setMoving(ride.id);
    setRideError(null);
    try {
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides/${encodeURIComponent(ride.id)}`, {
        method: "PUT",
        body: { status: action.to },
        tenant,
      });
      changes.current++;
      setRides((list) => offered(upsertDriverRide(list ?? [], answer.ride, me)));
      return true;
    } catch (error) {
      const text = error instanceof ApiError && error.serverError ? error.serverError : t(UPDATE_FAILED);
      setRideError({ id: ride.id, text });
      loadRides();
      return false;
    } finally {
      setMoving(null);
    }
  };

  return { rides, connected, moving, rideError, move };
}
