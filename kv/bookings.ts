/**
 * Rides booked ahead: the reads. Booking, canceling and the
 * hand-over write through kv/rides.ts, which keeps the two indexes read here
 * in the same commit as the ride: the rider's list of bookings and the
 * every-tenant index by pickup time.
 */
import type { Store } from "./store.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";

/** The rider's bookings in the tenant, soonest first. */
export async function listUpcoming(kv: Store, tenant: string, userId: string): Promise<Ride[]> {
  const ids = (await kv.get<string[]>(keys.riderScheduled(tenant, userId))).value ?? [];
  if (ids.length === 0) return [];
  const entries = await kv.getMany<Ride[]>(ids.map((id) => keys.ride(tenant, id)));
  return entries
    .map((e) => e.value)
    .filter((ride): ride is Ride => ride?.status === "scheduled")
    .sort((a, b) => (a.scheduledFor ?? 0) - (b.scheduledFor ?? 0));
}

/** A booking the sweep found due: where it is, not the ride itself (the hand-over reads it in its commit). */
export interface DueBooking {
  tenant: string;
  id: string;
  scheduledFor: number;
}

/** Every tenant's bookings whose pickup time is before `until`, soonest first: one list over the time index. */
export async function listDueBookings(kv: Store, until: number): Promise<DueBooking[]> {
  const due: DueBooking[] = [];
  const iter = kv.list({ start: keys.scheduledRides(), end: keys.scheduledRidesUntil(until) });
  for await (const e of iter) {
    const [, at, tenant, id] = e.key;
    due.push({ tenant: String(tenant), id: String(id), scheduledFor: Number(at) });
  }
  return due;
}
