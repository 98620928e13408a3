/**
 * Every ride a person took part in, in every tenant: as the rider
 * or as the assigned driver. There is no index of a driver's past rides, so
 * this reads each tenant's rides whole; only the two rare calls that need a
 * person's whole history use it (the export, rate limited, and the deletion).
 */
import type { Store } from "./store.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";
import { listTenants } from "./tenants.ts";

/** The stored entries (with their versionstamps, for a write checked against them), oldest first per tenant. */
export async function listRidesOfPerson(kv: Store, userId: string): Promise<Deno.KvEntry<Ride>[]> {
  const out: Deno.KvEntry<Ride>[] = [];
  for (const tenant of await listTenants(kv)) {
    for await (const e of kv.list<Ride>({ prefix: keys.rides(tenant.code) }, { batchSize: 500 })) {
      if (e.value.creatorId === userId || e.value.assignedDriverId === userId) out.push(e);
    }
  }
  return out;
}
