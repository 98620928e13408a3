/**
 * The online vehicles, one card each: the vehicle and its driver, the seats its riders aboard take of its seats, its
 * next stop with the planned time, how late its next pickup is, and the rides in its plan with their actions
 * (move, pin, cancel).
 */
import { stopClock } from "../../lib/driver_run.ts";
import { type FleetAlert, type FleetVehicle, nextPickupLate } from "../../lib/fleet_view.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { NeedsList } from "../NeedsList.tsx";
import { useT } from "../texts.tsx";
import { RideActions, type RideProblem } from "./RideActions.tsx";
import { riderOf, routeOf } from "./texts.ts";

export interface RideHandlers {
  /** Some action is running: every button waits. */
  busy: boolean;
  problemFor(rideId: string): RideProblem | null;
  assign(rideId: string, vehicleId: string, override?: boolean): void;
  pin(rideId: string, pinned: boolean): void;
  cancel(rideId: string, reason: string): Promise<boolean>;
}

/** "Pick up Ana Ruiz · Greer Station · 9:04 AM". */
export function stopText(stop: PlanStopView, name: string, t: Translate, timeZone: string): string {
  const parts = [t(stop.kind === "pickup" ? "Pick up {name}" : "Drop off {name}", { name })];
  if (stop.name) parts.push(stop.name);
  parts.push(stopClock(stop.plannedAt, t.lang, timeZone));
  return parts.join(" · ");
}

export function VehicleList(
  { vehicles, rides, alerts, timeZone, actions }: {
    vehicles: readonly FleetVehicle[];
    rides: readonly Ride[];
    alerts: readonly FleetAlert[];
    timeZone: string;
    actions: RideHandlers;
  },
) {
  const t = useT();
  if (vehicles.length === 0) return <p className="empty-state">{t("No vehicle is online.")}</p>;
  const byId = new Map(rides.map((r) => [r.id, r]));
  const nameOf = (id: string) => {
    const ride = byId.get(id);
    return ride ? riderOf(ride, t) : t("a rider");
  };
  return (
    <ul className="dispatch-vehicles">
      {vehicles.map((v) => {
        const next = v.stops[0];
        const late = nextPickupLate(v, alerts);
        const planned = [...new Set(v.stops.map((s) => s.rideId))].map((id) => byId.get(id)).filter((r) => !!r);
        return (
          <li key={v.vehicle.id} className="dispatch-card" data-vehicle={v.vehicle.name}>
            <h3 className="dispatch-card__title">{v.vehicle.name}</h3>
            <p>{v.driver.name ?? t("Driver without a name")}</p>
            <p>{t("Seats in use: {used} of {seats}", { used: v.seatsInUse, seats: v.vehicle.seats })}</p>
            {v.vehicle.wheelchairSpaces > 0 && (
              <p>
                {t("Wheelchair spaces in use: {used} of {spaces}", {
                  used: v.wheelchairsInUse,
                  spaces: v.vehicle.wheelchairSpaces,
                })}
              </p>
            )}
            <p>
              {next
                ? t("Next stop: {stop}", { stop: stopText(next, nameOf(next.rideId), t, timeZone) })
                : t("No stops planned")}
            </p>
            {v.stops.some((s) => s.kind === "pickup") && (
              <p className={late === null ? "dispatch-ontime" : "dispatch-late"}>
                {late === null ? t("Next pickup on time") : t("Next pickup {minutes} min late", { minutes: late })}
              </p>
            )}
            {planned.length > 0 && (
              <ul className="dispatch-rides" aria-label={t("Rides planned in {vehicle}", { vehicle: v.vehicle.name })}>
                {planned.map((ride) => (
                  <li key={ride.id} className="dispatch-ride" data-ride={ride.id}>
                    <p className="dispatch-ride__who">
                      <strong>{riderOf(ride, t)}</strong>
                      {ride.pinned && <span className="dispatch-pin">{t("Pinned")}</span>}
                    </p>
                    <p>{routeOf(ride, t)}</p>
                    <p>{t("{count} passengers", { count: ride.passengerCt })}</p>
                    <NeedsList needs={ride.needs} compact />
                    <RideActions
                      ride={ride}
                      vehicles={vehicles}
                      holder={v.vehicle.id}
                      busy={actions.busy}
                      problem={actions.problemFor(ride.id)}
                      onAssign={(to, override) => actions.assign(ride.id, to, override)}
                      onPin={(pinned) =>
                        actions.pin(ride.id, pinned)}
                      onCancel={(reason) =>
                        actions.cancel(ride.id, reason)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
