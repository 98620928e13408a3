/**
 * The fleet on the map: each online vehicle where its driver last reported, its stops still to do (pickups as
 * people, drop-offs as flags, the next three of each vehicle) and the queue's pickups as waiting dots.
 */
import { MapView } from "../map/MapView.tsx";
import type { MapPin } from "../map/types.ts";
import type { FleetState } from "../../lib/fleet_view.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import type { ServiceArea } from "../../lib/schemas.ts";
import { useT } from "../texts.tsx";
import { riderOf } from "./texts.ts";

/** How many stops of each vehicle the map draws: the next ones, where the dispatcher looks. */
export const STOPS_DRAWN = 3;

export function fleetPins(state: FleetState, t: Translate): MapPin[] {
  const rides = new Map([...(state.planned ?? []), ...state.queue].map((r) => [r.id, r]));
  const name = (rideId: string) => {
    const ride = rides.get(rideId);
    return ride ? riderOf(ride, t) : t("a rider");
  };
  const pins: MapPin[] = [];
  for (const v of state.vehicles) {
    pins.push({
      id: `vehicle-${v.vehicle.id}`,
      kind: "shuttle",
      at: v.position,
      title: v.driver.name ? `${v.vehicle.name} · ${v.driver.name}` : v.vehicle.name,
    });
    for (const s of v.stops.slice(0, STOPS_DRAWN)) {
      const pickup = s.kind === "pickup";
      pins.push({
        id: `${s.rideId}-${s.kind}`,
        kind: pickup ? "pickup" : "destination",
        at: s.point,
        title: t(pickup ? "Pickup for {name}" : "Destination for {name}", { name: name(s.rideId) }),
      });
    }
  }
  for (const r of state.queue) {
    pins.push({
      id: r.id,
      kind: "ride",
      status: "pending",
      at: r.pickup,
      title: t("Waiting: {name}", { name: riderOf(r, t) }),
    });
  }
  return pins;
}

export function FleetMap({ state, area, styleUrl }: { state: FleetState; area: ServiceArea; styleUrl: string | null }) {
  const t = useT();
  return (
    <MapView
      area={area}
      styleUrl={styleUrl}
      pins={fleetPins(state, t)}
      label={t("Map of the online vehicles and their next stops around {place}", { place: area.label })}
    />
  );
}
