/**
 * The vehicle a driver goes online with (GET /{t}/api/drivers/vehicles):
 * `vehicles` null until the server has said, empty for a tenant without
 * vehicles (the screen then asks about a wheelchair as before, and a failed
 * read counts as none). The driver's last vehicle is chosen at first unless
 * another online driver holds it; `reload` reads the list again after the
 * server refused a vehicle, so a held one shows as held and a removed one is
 * gone.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import type { VehicleChoice, VehicleToDrive } from "../../lib/vehicles.ts";

export function useVehicleChoice(tenant: string) {
  const [vehicles, setVehicles] = useState<VehicleToDrive[] | null>(null);
  const [chosen, choose] = useState<string | null>(null);

  const reload = useCallback(() => {
    api<VehicleChoice>(`/${tenant}/api/drivers/vehicles`, { tenant }).then(
      ({ vehicles, lastVehicleId }) => {
        setVehicles(vehicles);
        const last = vehicles.find((v) => v.id === lastVehicleId && !v.held);
        // A choice stays while its vehicle does: one removed meanwhile is no choice.
        choose((held) => vehicles.some((v) => v.id === held) ? held : last?.id ?? null);
      },
      () => setVehicles((held) => held ?? []),
    );
  }, [tenant]);
  useEffect(reload, [reload]);

  return { vehicles, chosen, choose, reload };
}
