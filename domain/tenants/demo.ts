/**
 * The embedded default: on the first start against an empty store, the demo
 * tenant (kv/seed.ts) is made the way every tenant is (domain/tenants/create.ts),
 * with its admin, driver, weekly schedule and a few places.
 */
import type { Store } from "../../kv/store.ts";
import { createPlace } from "../../kv/places.ts";
import {
  DEMO_ADMIN_PHONE,
  DEMO_DRIVER_PHONE,
  DEMO_PLACES,
  DEMO_SCHEDULE,
  demoTenant,
  hasTenants,
  seedMark,
  setSeedMark,
} from "../../kv/seed.ts";
import { forgetTenants } from "../../kv/tenants.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { createTenant } from "./create.ts";

/**
 * Creates the demo tenant when this store has never been initialised and
 * holds no tenant. Returns the tenant it created, or null when there was
 * nothing to do. Safe to call from several processes at once: exactly one
 * commit wins (the mark is checked and set in the tenant's commit).
 */
export async function seedDemoTenant(kv: Store, now: number): Promise<Tenant | null> {
  const mark = await seedMark(kv);
  if (mark.versionstamp !== null) return null;
  if (await hasTenants(kv)) {
    const op = kv.atomic();
    setSeedMark(op, mark, now);
    await op.commit();
    forgetTenants(kv);
    return null;
  }
  const made = await createTenant(kv, demoTenant(now), {
    now,
    staff: [
      { phone: DEMO_ADMIN_PHONE, role: "admin", field: "adminPhone" },
      { phone: DEMO_DRIVER_PHONE, role: "driver", field: "driverPhone" },
    ],
    schedule: DEMO_SCHEDULE,
    also: (op) => setSeedMark(op, mark, now),
  });
  if (made.refused) return null;
  for (const place of DEMO_PLACES) await createPlace(kv, made.value.code, place, null, now);
  return made.value;
}
