/**
 * The driver's availability (spec section 9): GET on mount, PUT with the
 * current location when switched. While online the position is reported as
 * it moves (use_location_report.ts).
 */
import { useEffect, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import type { Point } from "../../lib/geo.ts";
import { useLocationReport } from "./use_location_report.ts";

export const AVAILABILITY_FAILED = "Failed to update availability. Please try again." as const;

export function useAvailability(tenant: string, location: Point | null) {
  /** null until the server has said. */
  const [available, setAvailable] = useState<boolean | null>(null);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<typeof AVAILABILITY_FAILED | null>(null);
  const sent = useLocationReport(tenant, available === true, location);

  useEffect(() => {
    api<{ isAvailable?: boolean }>(`/${tenant}/api/drivers/availability`, { tenant }).then(
      (data) => setAvailable(data?.isAvailable === true),
      () => setAvailable(false),
    );
  }, [tenant]);

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
    } catch {
      setError(AVAILABILITY_FAILED);
    } finally {
      setSwitching(false);
    }
  };

  return { available, switching, error, toggle };
}
