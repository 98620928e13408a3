/**
 * The tenant's places for the rider's screen, read once when the
 * screen is signed in, with the code that offers them (place_kit.tsx, a
 * chunk of its own loaded after the first paint). If either fails the list
 * stays empty and the form works as before, without suggestions or places.
 */
import { useEffect, useState } from "react";
import type { Place } from "../../lib/places.ts";

export type PlaceKit = typeof import("./place_kit.tsx");

export interface RiderPlaces {
  list: readonly Place[];
  /** Set once the places are here (and only if there are some). */
  kit: PlaceKit | null;
}

export const NO_PLACES: RiderPlaces = { list: [], kit: null };

export function usePlaces(tenant: string): RiderPlaces {
  const [places, setPlaces] = useState(NO_PLACES);
  useEffect(() => {
    let live = true;
    import("./place_kit.tsx")
      .then(async (kit) => {
        const list = await kit.loadPlaces(tenant);
        if (live && list.length) setPlaces({ list, kit });
      })
      .catch((error) => console.warn("no places", error));
    return () => {
      live = false;
    };
  }, [tenant]);
  return places;
}
