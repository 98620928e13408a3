/**
 * Automatic dispatch on the Current Ride card: which shuttle comes and when ("Your shuttle (Van 2) will pick you up at
 * about 9:04", the window from lib/pickup_window.ts, "Arrives about 9:20") and "Shared ride" when others ride in the
 * same vehicle during the trip. The server sends only this rider's facts (GET rides/my); a live ride message carries
 * the ride alone, so the card asks for them again, keeping the last ones heard for the same ride and vehicle meanwhile
 * (here, in the card's chunk, so the screen's first load carries none of it).
 */
import { useEffect, useRef, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { clockTime } from "../../lib/clock_time.ts";
import type { RiderShuttle } from "../../lib/pickup_window.ts";
import type { Ride } from "../../lib/rides.ts";
import { useT } from "../texts.tsx";

export type ShuttleRide = Ride & Partial<RiderShuttle>;

/** `timeZone`: the tenant's, so the card and the texts say the same times wherever the phone is set. */
export function ShuttleLines({ ride, timeZone }: { ride: ShuttleRide; timeZone?: string }) {
  const t = useT();
  const held = useRef<ShuttleRide | null>(null);
  const [, heard] = useState(0);
  // The rider's view carries the vehicle's name (null or not); a ride record never does.
  if ("vehicleName" in ride) held.current = ride;
  useEffect(() => {
    if ("vehicleName" in ride || !ride.vehicleId) return;
    let live = true;
    api<ShuttleRide | null>(`/${ride.tenant}/api/rides/my`, { tenant: ride.tenant }).then((mine) => {
      if (!live || mine?.id !== ride.id) return;
      held.current = mine;
      heard((n) => n + 1);
    }, () => {});
    return () => {
      live = false;
    };
  }, [ride]);
  const facts = held.current?.id === ride.id && held.current.vehicleId === ride.vehicleId ? held.current : ride;
  if (!ride.vehicleId || ride.pickupAt === undefined) return null;
  const time = (ms: number) => clockTime(ms, t.lang, timeZone);
  const waiting = ride.status === "accepted" || ride.status === "on-the-way";
  const { vehicleName, window } = facts;
  return (
    <div className="ride-card__shuttle">
      {waiting && (
        <p className="ride-card__eta">
          {vehicleName
            ? t("Your shuttle ({vehicle}) will pick you up at about {time}", {
              vehicle: vehicleName,
              time: time(ride.pickupAt),
            })
            : t("Your shuttle will pick you up at about {time}", { time: time(ride.pickupAt) })}
          {window && (
            <span className="ride-card__window">
              {t("between {from} and {to}", {
                from: time(window.from),
                to: time(window.to),
              })}
            </span>
          )}
        </p>
      )}
      {ride.dropoffAt !== undefined && <p>{t("Arrives about {time}", { time: time(ride.dropoffAt) })}</p>}
      {(facts.shared || ride.shared) && <p className="ride-card__shared">{t("Shared ride")}</p>}
    </div>
  );
}
