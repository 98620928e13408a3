/**
 * The driver's availability (spec section 9): GET on mount, PUT with the
 * current location when switched. While online the position is reported as
 * it moves (use_location_report.ts). When the provider pauses the service
 * (`paused`, heard live: issue 19) the server has taken the driver offline,
 * and the switch shows it at once. A refusal says AVAILABILITY_FAILED, or
 * the server's reason when the service is paused (503).
 */
import { useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import type { Point } from "../../lib/geo.ts";
import { useT } from "../texts.tsx";
import { useLocationReport } from "./use_location_report.ts";

export const AVAILABILITY_FAILED = "Failed to update availability. Please try again." as const;

/** `holding`: the driver has a ride whose rider watches them come (use_location_report.ts). */
export function useAvailability(tenant: string, location: Point | null, paused = false, holding = false) {
  const t = useT();
  /** null until the server has said. */
  const [available, setAvailable] = useState<boolean | null>(null);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sent = useLocationReport(tenant, available === true, location, holding);

  useEffect(() => {
    if (paused) setAvailable((held) => (held === null ? held : false));
    api<{ isAvailable?: boolean }>(`/${tenant}/api/drivers/availability`, { tenant }).then(
      (data) => setAvailable(data?.isAvailable === true),
      () => setAvailable(false),
    );
  }, [tenant, paused]);

  const toggle = async () => {
    if (available === null || switching) return;
    setSwitching(true);
    setError(null);
    try {
      const answer = await api<{ isAvailable: boolean; location: Point | null }>(
        `/${tenant}/api/drivers/availability`,
        { method: "PUT", body: { isAvailable: !available, location: location ?? null }, tenant },
      );
      // The server has this position now: the next report waits for a move from it.
      if (answer.isAvailable && answer.location) sent.current = answer.location;
      setAvailable(answer.isAvailable);
    } catch (err) {
      const paused = err instanceof ApiError && err.status === 503 && err.serverError;
      setError(paused || t(AVAILABILITY_FAILED));
    } finally {
      setSwitching(false);
    }
  };

  return { available, switching, error, toggle };
}
