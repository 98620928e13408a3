/**
 * A driver's ride alerts on their devices (domain/push/to_person.ts), in their language, opening the driver screen:
 * - drivers mode: a new ride request goes to every driver online, who may take it;
 * - automatic dispatch: a rider added to a driver's run (a request planned at once, a booking handed over, a
 *   dispatcher's assignment, a ride handed back by a driver who went offline) goes to that driver, in the words the
 *   driver screen shows.
 * Drivers get no text for these: the alert is all, and a failure is logged, never the request's.
 */
import { availableAmong } from "../../kv/drivers.ts";
import { listPushDevices } from "../../kv/push_devices.ts";
import { listPushDrivers, unmarkPushDriver } from "../../kv/push_drivers.ts";
import { getUser, getUsers } from "../../kv/users.ts";
import { clockTime } from "../../lib/clock_time.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { DRIVER_DELIVERY } from "../../lib/push_delivery.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { type PushDeps, pushToPerson } from "./to_person.ts";

/** A ride just requested or handed over: who hears of it depends on how the organisation dispatches. */
export async function tellDrivers(deps: PushDeps, tenant: Tenant, ride: Ride): Promise<void> {
  if (!deps.push) return;
  try {
    if (ride.status === "pending") await newRideRequest(deps, tenant, ride);
    else if (ride.status === "accepted" && ride.vehicleId && ride.assignedDriverId) {
      await riderAdded(deps, tenant, ride);
    }
  } catch (error) {
    deps.log({ event: "driver.push_failed", level: "error", rideId: ride.id, error: String(error) });
  }
}

/** To the drivers online who have ride-alert devices (kv/push_drivers.ts), never a read per driver online. */
async function newRideRequest(deps: PushDeps, tenant: Tenant, ride: Ride): Promise<void> {
  const marked = await listPushDrivers(deps.kv, tenant.code);
  if (marked.length === 0) return;
  const online = await availableAmong(deps.kv, tenant.code, marked, deps.clock.now());
  const users = await getUsers(deps.kv, marked.filter((id) => online.has(id)));
  for (const user of users) {
    const t = translator(user.language ?? "en");
    const body = ride.pickupName
      ? t("New ride request: pickup at {pickup}.", { pickup: ride.pickupName })
      : t("New ride request.");
    const pushed = await pushToPerson(deps, user.id, [{
      message: message(tenant, ride, body),
      delivery: DRIVER_DELIVERY,
    }]);
    if (!pushed && (await listPushDevices(deps.kv, user.id)).length === 0) {
      await unmarkPushDriver(deps.kv, tenant.code, user.id);
    }
  }
}

async function riderAdded(deps: PushDeps, tenant: Tenant, ride: Ride): Promise<void> {
  const driverId = ride.assignedDriverId!;
  const user = await getUser(deps.kv, driverId);
  const t = translator(user?.language ?? "en");
  const time = ride.pickupAt === undefined ? "" : clockTime(ride.pickupAt, t.lang, tenant.timezone);
  const body = ride.pickupName
    ? t("New rider added: pick up at {time} at {place}", { time, place: ride.pickupName })
    : t("New rider added: pick up at {time}", { time });
  await pushToPerson(deps, driverId, [{ message: message(tenant, ride, body), delivery: DRIVER_DELIVERY }]);
}

const message = (tenant: Tenant, ride: Ride, body: string) => ({
  title: tenant.name,
  body,
  url: `/${tenant.code}/driver`,
  tag: `ride-${ride.id}`,
});
