/**
 * The embedded default: on the first start against an empty store, the demo
 * tenant (kv/seed.ts) is made the way every tenant is (domain/tenants/create.ts),
 * with its admin, driver, weekly schedule and a few places, and on a real first
 * start its fleet: two vehicles and automatic dispatch, so a newcomer sees
 * rides pooled into a van at once.
 */
import type { Store } from "../../kv/store.ts";
import { createPlace } from "../../kv/places.ts";
import {
  DEMO_ADMIN_PHONE,
  DEMO_DRIVER_PHONE,
  DEMO_PLACES,
  DEMO_SCHEDULE,
  DEMO_VEHICLES,
  demoTenant,
  hasTenants,
  seedMark,
  setSeedMark,
} from "../../kv/seed.ts";
import { forgetTenants, updateTenant } from "../../kv/tenants.ts";
import { setDriverState } from "../../kv/drivers.ts";
import { findUserIdByPhone } from "../../kv/users.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { createTenant } from "./create.ts";

/**
 * Creates the demo tenant when this store has never been initialised and
 * holds no tenant. Returns the tenant it created, or null when there was
 * nothing to do. Safe to call from several processes at once: exactly one
 * commit wins (the mark is checked and set in the tenant's commit).
 * `fleet` (server/startup.ts) adds the vehicles, the demo driver's van and
 * automatic dispatch; without it the demo dispatches as drivers choose, with
 * no vehicles, which is what the tests of drivers mode start from.
 */
export async function seedDemoTenant(
  kv: Store,
  now: number,
  { fleet = false }: { fleet?: boolean } = {},
): Promise<Tenant | null> {
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
  if (!fleet) return made.value;
  await addFleet(kv, made.value, now);
  return await updateTenant(kv, made.value.code, (t) => ({ ...t, dispatchMode: "automatic" })) ?? made.value;
}

/**
 * The demo's vehicles, added by its admin (as the audit trail says), and the
 * first one remembered as the demo driver's: going online, they drive it.
 */
async function addFleet(kv: Store, tenant: Tenant, now: number): Promise<void> {
  const admin = await findUserIdByPhone(kv, DEMO_ADMIN_PHONE);
  const driver = await findUserIdByPhone(kv, DEMO_DRIVER_PHONE);
  const ids: string[] = [];
  for (const vehicle of DEMO_VEHICLES) {
    const made = await createVehicle(kv, tenant.code, vehicle, admin ?? "", now);
    if (made.ok) ids.push(made.vehicle.id);
  }
  if (driver && ids[0]) {
    await setDriverState(kv, {
      tenant: tenant.code,
      timeZone: tenant.timezone,
      userId: driver,
      isAvailable: false,
      vehicleId: ids[0],
      now,
    });
  }
}
