/**
 * The vehicles editor's state: the tenant's vehicles, and adding, changing
 * and removing one through the admin API. Each write answers the server's
 * refusal as text (already in the page's language) or null, and on success
 * puts the server's vehicle in the list, kept sorted by name.
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { byName, type Vehicle, type VehicleInput } from "../../lib/vehicles.ts";
import { useT } from "../../components/texts.tsx";
import { ADMIN_REQUIRED, AUTH_EXPIRED } from "../../components/admin/texts.ts";

export function useVehicles(tenant: string) {
  const t = useT();
  const [vehicles, setVehicles] = useState<Vehicle[]>([]);
  const [phase, setPhase] = useState<"loading" | "ready" | "error">("loading");
  const [loadError, setLoadError] = useState("");

  const failure = useCallback((err: unknown, fallback: string): string => {
    if (err instanceof ApiError && err.status === 401) return t(AUTH_EXPIRED);
    if (err instanceof ApiError && err.status === 403) return t(ADMIN_REQUIRED);
    return (err instanceof ApiError && err.serverError) || fallback;
  }, [t]);

  useEffect(() => {
    api<Vehicle[]>(`/${tenant}/api/admin/vehicles`, { tenant })
      .then((list) => {
        setVehicles(Array.isArray(list) ? [...list].sort(byName) : []);
        setPhase("ready");
      })
      .catch((err) => {
        setLoadError(failure(err, t("Failed to load vehicles")));
        setPhase("error");
      });
  }, [tenant, failure, t]);

  /** A new vehicle (no id) or a change to one; answers the refusal to show, or null once the list has it. */
  async function save(input: VehicleInput, id?: string): Promise<string | null> {
    try {
      const path = id ? `/${tenant}/api/admin/vehicles/${id}` : `/${tenant}/api/admin/vehicles`;
      const { vehicle } = await api<{ vehicle: Vehicle }>(path, { method: id ? "PUT" : "POST", body: input, tenant });
      setVehicles((list) => [...list.filter((v) => v.id !== vehicle.id), vehicle].sort(byName));
      return null;
    } catch (err) {
      return failure(err, t("Failed to save vehicle"));
    }
  }

  async function remove(id: string): Promise<string | null> {
    try {
      await api(`/${tenant}/api/admin/vehicles/${id}`, { method: "DELETE", tenant });
    } catch (err) {
      // Already gone (another admin, another tab): the list drops it all the same.
      if (!(err instanceof ApiError && err.status === 404)) return failure(err, t("Failed to delete vehicle"));
    }
    setVehicles((list) => list.filter((v) => v.id !== id));
    return null;
  }

  return {
    vehicles,
    phase,
    loadError,
    add: (input: VehicleInput) => save(input),
    change: (id: string, input: VehicleInput) => save(input, id),
    remove,
  };
}
