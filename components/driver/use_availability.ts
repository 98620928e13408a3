/**
 * The driver's availability (spec section 9): GET on mount, PUT with the
 * current location when switched. While online the position is reported as
 * it moves (use_location_report.ts). When the provider pauses the service
 * (`paused`, heard live) the server has taken the driver offline,
 * and the switch shows it at once. A refusal says AVAILABILITY_FAILED, or
 * the server's reason when the service is paused (503).
 */
import { useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import type { Point } from "../../lib/geo.ts";
import { useT } from "../texts.tsx";
import { useLocationReport } from "./use_location_report.ts";

export const AVAILABILITY_FAILED = "Failed to update availability. Please try again." as const;

/**
 * `holding`: the driver has a ride whose rider watches them come (use_location_report.ts).
 * `accessible`/`onVehicle`: whether the vehicle takes a wheelchair, as the server
 * remembers it; sent with every switch, and at once when the driver ticks or unticks it.
 */
export function useAvailability(
  tenant: string,
  location: Point | null,
  paused = false,
  holding = false,
  accessible = false,
  onVehicle: (accessible: boolean) => void = () => {},
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
    setSwitching(true);
    setError(null);
    try {
      const answer = await api<{ isAvailable: boolean; location: Point | null; wheelchairAccessible?: boolean }>(
        `/${tenant}/api/drivers/availability`,
        { method: "PUT", body: { isAvailable: to, location: location ?? null, wheelchairAccessible }, tenant },
      );
      // The server has this position now: the next report waits for a move from it.
      if (answer.isAvailable && answer.location) sent.current = answer.location;
      setAvailable(answer.isAvailable);
      onVehicle(answer.wheelchairAccessible === true);
    } catch (err) {
      const paused = err instanceof ApiError && err.status === 503 && err.serverError;
      setError(paused || t(AVAILABILITY_FAILED));
    } finally {
      setSwitching(false);
    }
  };

  const toggle = () => send(!available, accessible);
  const setVehicle = (next: boolean) => send(available === true, next);

  return { available, switching, error, toggle, setVehicle };
}
