/**
 * A rider's rating of their ride, stored on the ride, with the
 * driver's running sum and count added to in the same commit (KvU64 sums, so
 * ratings of one driver's rides at once never lose each other). The commit
 * checks the ride as read: of two ratings at once, one lands and the other
 * re-reads a rated ride and is refused.
 */
import type { Store } from "./store.ts";
import { feedbackRefusal } from "../lib/ride_feedback.ts";
import type { Text } from "../lib/i18n/catalogue.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";
import { recordReportChange } from "./report_rollups.ts";
import { committed, commitWithRetry } from "./retry.ts";

export type RateResult = { ok: true; ride: Ride } | { ok: false; reason: "not_found" } | {
  ok: false;
  reason: "refused";
  error: Text;
};

/** Rates the ride for its rider; "not_found" for a ride that is not theirs. */
export function rateRide(
  kv: Store,
  { tenant, id, riderId, rating, comment, now }: {
    tenant: string;
    id: string;
    riderId: string;
    rating: number;
    comment: string | null;
    now: number;
  },
): Promise<RateResult> {
  return commitWithRetry<RateResult>("rate the ride", async () => {
    const entry = await kv.get<Ride>(keys.ride(tenant, id));
    const current = entry.value;
    if (!current || current.creatorId !== riderId) return { ok: false, reason: "not_found" };
    const refusal = feedbackRefusal(current, now);
    if (refusal) return { ok: false, reason: "refused", error: refusal };
    const ride: Ride = { ...current, feedback: { rating, comment, at: now } };
    const op = kv.atomic().check(entry).set(keys.ride(tenant, id), ride);
    if (ride.assignedDriverId) {
      op.sum(keys.driverRatingSum(tenant, ride.assignedDriverId), BigInt(rating));
      op.sum(keys.driverRatingCount(tenant, ride.assignedDriverId), 1n);
    }
    await recordReportChange(kv, op, tenant, current, ride);
    return await committed(op, { ok: true, ride });
  });
}

export interface DriverRating {
  /** Rounded to one decimal. */
  average: number;
  count: number;
}

/** Each driver's average rating and count; drivers never rated are absent. */
export async function driverRatings(
  kv: Store,
  tenant: string,
  driverIds: string[],
): Promise<Map<string, DriverRating>> {
  const out = new Map<string, DriverRating>();
  for (let i = 0; i < driverIds.length; i += 5) {
    const batch = driverIds.slice(i, i + 5);
    const got = await kv.getMany<Deno.KvU64[]>(
      batch.flatMap((id) => [keys.driverRatingSum(tenant, id), keys.driverRatingCount(tenant, id)]),
    );
    batch.forEach((id, j) => {
      const sum = Number(got[j * 2].value?.value ?? 0n);
      const count = Number(got[j * 2 + 1].value?.value ?? 0n);
      if (count > 0) out.set(id, { average: Math.round((sum / count) * 10) / 10, count });
    });
  }
  return out;
}
