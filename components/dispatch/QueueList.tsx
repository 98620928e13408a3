/**
 * The unassigned queue, oldest first: who, from where to where, how many, their needs, and since when they wait
 * (a booking ahead: the time asked for), each with its actions (assign to a vehicle, cancel).
 */
import { stopClock } from "../../lib/driver_run.ts";
import type { FleetVehicle } from "../../lib/fleet_view.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import type { Ride } from "../../lib/rides.ts";
import { NeedsList } from "../NeedsList.tsx";
import { useT } from "../texts.tsx";
import { RideActions } from "./RideActions.tsx";
import { riderOf, routeOf } from "./texts.ts";
import type { RideHandlers } from "./VehicleList.tsx";

export function QueueList(
  { queue, vehicles, timeZone, now, actions }: {
    queue: readonly Ride[];
    vehicles: readonly FleetVehicle[];
    timeZone: string;
    now: number;
    actions: RideHandlers;
  },
) {
  const t = useT();
  if (queue.length === 0) return <p className="empty-state">{t("No ride is waiting.")}</p>;
  return (
    <ol className="dispatch-queue">
      {queue.map((ride) => (
        <li key={ride.id} className="dispatch-card dispatch-ride" data-ride={ride.id}>
          <p className="dispatch-ride__who">
            <strong>{riderOf(ride, t)}</strong>
          </p>
          <p>{routeOf(ride, t)}</p>
          <p>{t("{count} passengers", { count: ride.passengerCt })}</p>
          <NeedsList needs={ride.needs} compact />
          <p className="dispatch-ride__since">
            {ride.scheduledFor
              ? t("Booked for {time}", { time: stopClock(ride.scheduledFor, t.lang, timeZone) })
              : t("Waiting since {time} ({ago})", {
                time: stopClock(ride.requestedAt, t.lang, timeZone),
                ago: relativeTime(ride.requestedAt, now, t, timeZone),
              })}
          </p>
          {vehicles.length === 0 && <p>{t("No vehicle is online to take it.")}</p>}
          <RideActions
            ride={ride}
            vehicles={vehicles}
            busy={actions.busy}
            problem={actions.problemFor(ride.id)}
            onAssign={(to, override) => actions.assign(ride.id, to, override)}
            onCancel={(reason) => actions.cancel(ride.id, reason)}
          />
        </li>
      ))}
    </ol>
  );
}
