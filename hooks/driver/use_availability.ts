/**
 * The driver's availability (spec section 9): GET on mount, PUT with the
 * current location when switched. While online the position is reported as
 * it moves (use_location_report.ts). When the provider pauses the service
 * (`paused`, heard live) the server has taken the driver offline,
 * and the switch shows it at once. A refusal says AVAILABILITY_FAILED, or
 * the server's reason when the service is paused (503) or the vehicle is
 * refused (409 held by another driver, 400 removed meanwhile).
 */
import { useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import type { Point } from "../../lib/geo.ts";
import { useT } from "../../components/texts.tsx";
import { useLocationReport } from "./use_location_report.ts";

export const AVAILABILITY_FAILED = "Failed to update availability. Please try again." as const;
export const CHOOSE_VEHICLE = "Choose your vehicle to go online." as const;

export interface AvailabilityOptions {
  paused?: boolean;
  /** The driver has a ride whose rider watches them come (use_location_report.ts). */
  holding?: boolean;
  /**
   * Whether the vehicle takes a wheelchair, as the server answers it; `onVehicle` hears each answer. Without
   * vehicles it is the driver's word, sent with every switch, and at once when they tick or untick it.
   */
  accessible?: boolean;
  onVehicle?: (accessible: boolean) => void;
  /**
   * The tenant's vehicle chosen to go online with (lib/vehicles.ts); null while none is chosen, undefined for a
   * tenant without vehicles. Sent instead of the wheelchair word: the vehicle's spaces answer for it.
   */
  vehicleId?: string | null;
  /** The server refused the vehicle: the list is read again. */
  onRefused?: () => void;
}

export function useAvailability(
  tenant: string,
  location: Point | null,
  { paused = false, holding = false, accessible = false, onVehicle = () => {}, vehicleId, onRefused }:
    AvailabilityOptions = {},
) {
  const t = useT();
  /** null until the server has said. */
  const [available, setAvailable] = useState<boolean | null>(null);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sent = useLocationReport(tenant, available === true, location, holding);

  useEffect(() => {
    if (paused) setAvailable((held) => (held === null ? held : false));
    api<{ isAvailable?: boolean; wheelchairAccessible?: boolean }>(`/${tenant}/api/drivers/availability`, { tenant })
      .then(
        (data) => {
          setAvailable(data?.isAvailable === true);
          onVehicle(data?.wheelchairAccessible === true);
        },
        () => setAvailable(false),
      );
    // onVehicle is the screen's state setter: it never changes.
  }, [tenant, paused]);

  /** Sends availability (`to`) with the location and the vehicle; the answer is what the screen shows. */
  const send = async (to: boolean, wheelchairAccessible: boolean) => {
    if (available === null || switching) return;
    if (to && vehicleId === null) return setError(t(CHOOSE_VEHICLE));
    setSwitching(true);
    setError(null);
    const vehicle = vehicleId === undefined ? { wheelchairAccessible } : to ? { vehicleId } : {};
    try {
      const answer = await api<{ isAvailable: boolean; location: Point | null; wheelchairAccessible?: boolean }>(
        `/${tenant}/api/drivers/availability`,
        { method: "PUT", body: { isAvailable: to, location: location ?? null, ...vehicle }, tenant },
      );
      // The server has this position now: the next report waits for a move from it.
      if (answer.isAvailable && answer.location) sent.current = answer.location;
      setAvailable(answer.isAvailable);
      onVehicle(answer.wheelchairAccessible === true);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 409 || status === 400) onRefused?.();
      const said = [503, 409, 400].includes(status) && (err as ApiError).serverError;
      setError(said || t(AVAILABILITY_FAILED));
    } finally {
      setSwitching(false);
    }
  };

  const toggle = () => send(!available, accessible);
  const setVehicle = (next: boolean) => send(available === true, next);

  return { available, switching, error, toggle, setVehicle };
}
