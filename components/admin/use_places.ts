/**
 * The places editor's state: the tenant's places, and adding,
 * changing and removing one through the admin API. Each write answers the
 * server's refusal as text (already in the page's language) or null, and on
 * success puts the server's place in the list, kept sorted by name.
 */
import { useCallback, useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { byName, type Place, type PlaceInput } from "../../lib/places.ts";
import { useT } from "../texts.tsx";
import { ADMIN_REQUIRED, AUTH_EXPIRED } from "./texts.ts";

export type Phase = "loading" | "ready" | "error";

export function usePlaces(tenant: string) {
  const t = useT();
  const [places, setPlaces] = useState<Place[]>([]);
  const [phase, setPhase] = useState<Phase>("loading");

  const failure = useCallback((err: unknown, fallback: string): string => {
    if (err instanceof ApiError && err.status === 401) return t(AUTH_EXPIRED);
    if (err instanceof ApiError && err.status === 403) return t(ADMIN_REQUIRED);
    return (err instanceof ApiError && err.serverError) || fallback;
  }, [t]);

  const [loadError, setLoadError] = useState("");
  useEffect(() => {
    api<Place[]>(`/${tenant}/api/places`, { tenant })
      .then((list) => {
        setPlaces(Array.isArray(list) ? [...list].sort(byName) : []);
        setPhase("ready");
      })
      .catch((err) => {
        setLoadError(failure(err, t("Failed to load places")));
        setPhase("error");
      });
  }, [tenant, failure, t]);

  const put = (place: Place) => setPlaces((list) => [...list.filter((p) => p.id !== place.id), place].sort(byName));

  /** A new place (no id) or a change to one; answers the refusal to show, or null once the list has it. */
  async function save(input: PlaceInput, id?: string): Promise<string | null> {
    try {
      const path = id ? `/${tenant}/api/admin/places/${id}` : `/${tenant}/api/admin/places`;
      const { place } = await api<{ place: Place }>(path, { method: id ? "PUT" : "POST", body: input, tenant });
      put(place);
      return null;
    } catch (err) {
      return failure(err, t("Failed to save place"));
    }
  }

  async function remove(id: string): Promise<string | null> {
    try {
      await api(`/${tenant}/api/admin/places/${id}`, { method: "DELETE", tenant });
    } catch (err) {
      // Already gone (another admin, another tab): the list drops it all the same.
      if (!(err instanceof ApiError && err.status === 404)) return failure(err, t("Failed to delete place"));
    }
    setPlaces((list) => list.filter((p) => p.id !== id));
    return null;
  }

  return {
    places,
    phase,
    loadError,
    add: (input: PlaceInput) => save(input),
    change: (id: string, input: PlaceInput) => save(input, id),
    remove,
  };
}

export type PlacesState = ReturnType<typeof usePlaces>;
