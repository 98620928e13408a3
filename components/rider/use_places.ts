/**
 * The tenant's places for the rider's screen (issue 18), read once when the
 * screen is signed in. If the call fails the list stays empty and the form
 * works as before, without suggestions or place pins.
 */
import { useEffect, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import type { Place } from "../../lib/places.ts";

const NONE: Place[] = [];

export function usePlaces(tenant: string): Place[] {
  const [places, setPlaces] = useState<Place[]>(NONE);
  useEffect(() => {
    let live = true;
    api<Place[]>(`/${tenant}/api/places`, { tenant })
      .then((list) => live && Array.isArray(list) && setPlaces(list))
      .catch((error) => console.warn("places could not be loaded; the form works without them", error));
    return () => {
      live = false;
    };
  }, [tenant]);
  return places;
}
