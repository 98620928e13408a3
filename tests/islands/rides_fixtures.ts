/** Rides, drivers and the demo area for the map screens' tests. */
import type { AvailableDriver } from "../../lib/drivers.ts";
import type { Place } from "../../lib/places.ts";
import type { Ride } from "../../lib/rides.ts";
import type { ServiceArea } from "../../lib/schemas.ts";

export const GREER: ServiceArea = { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" };
/** About 200 m north-east of the centre: inside. */
export const INSIDE = { lat: 34.9400, lng: -82.2255 };
/** About 1.6 km north: outside. */
export const OUTSIDE = { lat: 34.9530, lng: -82.2271 };

export const RIDER_ID = "01USER0000000000000000000";
export const DRIVER_ID = "01DRIVER00000000000000000";

let n = 0;

export function makeRide(overrides: Partial<Ride> = {}): Ride {
  n++;
  const requestedAt = overrides.requestedAt ?? Date.now() - 30_000;
  return {
    id: `01RIDE${String(n).padStart(20, "0")}`,
    tenant: "greer",
    creatorId: RIDER_ID,
    assignedDriverId: null,
    status: "pending",
    pickup: { lat: 34.9387, lng: -82.2271 },
    dropoff: null,
    destination: "Greer City Park",
    passengerCt: 2,
    requestedAt,
    acceptedAt: null,
    onTheWayAt: null,
    arrivedAt: null,
    pickedUpAt: null,
    completedAt: null,
    canceledAt: null,
    noShowAt: null,
    riderName: "Ada Lovelace",
    riderPhone: "8645550123",
    riderPhotoUrl: null,
    driverName: null,
    driverPhone: null,
    updatedAt: requestedAt,
    ...overrides,
  };
}

/** The ride moved on by a driver, newer than before. */
export function moved(ride: Ride, status: Ride["status"], extra: Partial<Ride> = {}): Ride {
  return {
    ...ride,
    status,
    assignedDriverId: ride.assignedDriverId ?? DRIVER_ID,
    driverName: ride.driverName ?? "Grace Hopper",
    driverPhone: ride.driverPhone ?? "8645550101",
    updatedAt: ride.updatedAt + 1000,
    ...extra,
  };
}

export function driver(
  id: string,
  lat = 34.9390,
  lng = -82.2275,
  name: string | null = "Grace Hopper",
): AvailableDriver {
  return { id, name, location: { lat, lng } };
}

/** A tenant's places, sorted by name as GET /{tenant}/api/places answers them. */
export const PLACES: Place[] = [
  { id: "01PLACE0000000000000000001", name: "Café Central", lat: 34.9392, lng: -82.2262, note: null },
  { id: "01PLACE0000000000000000002", name: "City Hall", lat: 34.9386, lng: -82.2272, note: "Main entrance" },
  { id: "01PLACE0000000000000000003", name: "Greer City Park", lat: 34.9368, lng: -82.2259, note: null },
  { id: "01PLACE0000000000000000004", name: "Greer Station", lat: 34.9375, lng: -82.2283, note: "Trade Street side" },
  { id: "01PLACE0000000000000000005", name: "Public Library", lat: 34.9402, lng: -82.2291, note: null },
];
