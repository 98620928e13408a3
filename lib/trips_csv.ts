/**
 * The trips CSV (GET /{t}/api/admin/trips.csv): its columns and one
 * ride's row. One row per ride asked for in the range, in the order asked.
 *
 * The column names are English snake_case whatever the reader's language: a
 * CSV is data that scripts and spreadsheets read by its column names, so they
 * stay the same for every admin (the statuses are the API's own values too).
 *
 * Times are ISO 8601 with the tenant's offset at that moment, empty when the
 * ride never got there. `requested_at` is when the ride was asked for, the
 * moment its id was made: for a booking that is when it was booked (the
 * stored requestedAt moves to the hand-over to drivers, lib/rides.ts
 * STAGE_TIME), so every row's requested_at falls inside the file's days, the
 * same day the reports count it on (lib/reports.ts).
 *
 * The automatic dispatcher's columns come last, so scripts reading the
 * earlier ones by position keep working: the vehicle's name, and the planned
 * and actual pickup and drop-off. The actual pickup is when the rider got
 * aboard (a ride moves to arrived when picked up), the actual drop-off its
 * completion; rides the dispatcher never planned leave them empty but the actual ones.
 */
import { ulidTime } from "./ids.ts";
import { canceledByRider, waitMs } from "./reports.ts";
import type { Ride } from "./rides.ts";
import type { CsvCell } from "./csv.ts";
import type { VehicleNames } from "./trips.ts";
import { isoInZone } from "./zoned_iso.ts";

/**
 * The export's columns in order, then three more: the booked pickup time, who canceled, the named pickup place;
 * then the vehicle and the planned and actual pickup and drop-off.
 */
export const TRIPS_CSV_COLUMNS = [
  "id",
  "requested_at",
  "accepted_at",
  "arrived_at",
  "completed_at",
  "status",
  "passengers",
  "pickup_lat",
  "pickup_lng",
  "dropoff_lat",
  "dropoff_lng",
  "destination",
  "rider_name",
  "rider_phone",
  "driver_name",
  "wait_minutes",
  "rating",
  "scheduled_for",
  "canceled_by",
  "pickup_place",
  "vehicle",
  "planned_pickup",
  "actual_pickup",
  "planned_dropoff",
  "actual_dropoff",
] as const;

/** The row of one ride, cell for cell with TRIPS_CSV_COLUMNS. */
export function tripCsvRow(ride: Ride, timeZone: string, vehicleNames: VehicleNames = () => null): CsvCell[] {
  const time = (ms: number | null | undefined) => ms === null || ms === undefined ? null : isoInZone(ms, timeZone);
  const wait = waitMs(ride);
  return [
    ride.id,
    time(ulidTime(ride.id)),
    time(ride.acceptedAt),
    time(ride.arrivedAt),
    time(ride.completedAt),
    ride.status,
    ride.passengerCt,
    ride.pickup.lat,
    ride.pickup.lng,
    ride.dropoff?.lat,
    ride.dropoff?.lng,
    ride.destination,
    ride.riderName,
    ride.riderPhone,
    ride.driverName,
    wait === null ? null : (wait / 60_000).toFixed(1),
    ride.feedback?.rating,
    time(ride.scheduledFor),
    ride.status === "canceled" ? (canceledByRider(ride) ? "rider" : "staff") : null,
    ride.pickupName,
    ride.vehicleId ? vehicleNames(ride.vehicleId) : null,
    time(ride.pickupAt),
    time(ride.pickedUpAt ?? ride.arrivedAt),
    time(ride.dropoffAt),
    time(ride.completedAt),
  ];
}
