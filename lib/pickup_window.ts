/**
 * The pickup window a rider is promised in automatic dispatch: from WINDOW_BEFORE_MINUTES before the plan's pickup
 * time to that time plus the room the plan leaves before the pickup's latest (the rider's ride cannot slip further
 * without breaking the tenant's wait), never more than the tenant's maxWaitMinutes. Shared by the server's ride view
 * (domain/rides/rider_view.ts), the texts and the rider's card; docs/dispatch.md states the rule.
 */

/** A shuttle may come a little early: the window opens this long before the planned pickup. */
export const WINDOW_BEFORE_MINUTES = 2;

/** When the shuttle should come (epoch ms, whole minutes): `from` to `to`. */
export interface PickupWindow {
  from: number;
  to: number;
}

const MINUTE = 60_000;

/** `pickupAt`: the plan's time; `latest`: the pickup's latest start in the plan; `maxWaitMinutes`: the tenant's. */
export function arrivalWindow(pickupAt: number, latest: number, maxWaitMinutes: number): PickupWindow {
  const room = Math.min(Math.max(0, latest - pickupAt), maxWaitMinutes * MINUTE);
  return {
    from: Math.floor((pickupAt - WINDOW_BEFORE_MINUTES * MINUTE) / MINUTE) * MINUTE,
    to: Math.ceil((pickupAt + room) / MINUTE) * MINUTE,
  };
}

/** What a rider reads of their ride in automatic dispatch beside the ride (GET rides/my; domain/rides/rider_view.ts). */
export interface RiderShuttle {
  vehicleName: string | null;
  /** Another ride is, or was, aboard the same vehicle while this one is, at some point of its trip. */
  shared: boolean;
  /** Null once the rider is aboard, or when the plan no longer holds the pickup. */
  window: PickupWindow | null;
}
