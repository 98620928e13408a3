/**
 * The destination field (spec section 5). With the tenant's places it suggests them: components/rider/place_kit.tsx,
 * loaded after the first paint, gives this same input its combobox attributes, the list and the live region; the state
 * lives here so nothing is lost when it arrives.
 */
import { useEffect, useRef, useState } from "react";
import type { Place } from "../../lib/places.ts";
import { MAP_LOCATION } from "../../lib/ride_texts.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";
import type { PlaceUse } from "../map/types.ts";
import type { RiderPlaces } from "./use_places.ts";

export interface DestinationFieldProps {
  value: string;
  places: RiderPlaces;
  /** The place the text names now, if one was chosen. */
  chosen: Place | null;
  onType(text: string): void;
  onPlace(place: Place, use: PlaceUse): void;
}

export function DestinationField(p: DestinationFieldProps) {
  const id = useDomId();
  const t = useT();
  const open = useState(false);
  const active = useState(-1);
  const field = useRef<HTMLInputElement>(null);
  const pressing = useRef(false);
  const combo = p.places.kit?.combobox(p, id, t, open, active, field, pressing);
  useEffect(() => combo?.effect(), [combo?.expanded, active[0]]);
  return (
    <>
      <div className="field ride-form__destination">
        <label htmlFor={`${id}-destination`}>{t("Destination")}</label>
        <input
          id={`${id}-destination`}
          ref={field}
          type="text"
          autoComplete="off"
          enterKeyHint="go"
          maxLength={200}
          placeholder={t("Tap the map or type a place")}
          value={p.value}
          onChange={(e) => {
            p.onType(e.target.value);
            open[1](true);
            active[1](-1);
          }}
          onFocus={(e) => {
            // The placeholder value is replaced by typing, not appended to.
            if (e.target.value === MAP_LOCATION) e.target.select();
          }}
          {...combo?.input}
        />
        {combo?.live}
      </div>
      {combo?.list}
    </>
  );
}
