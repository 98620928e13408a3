/**
 * A place found by name, for the dispatcher's booking form: the rider's destination combobox
 * (components/rider/place_kit.tsx, the same suggestions, keys and live region) on a field of its own label, so the
 * pickup and the drop-off are each chosen as a rider chooses a destination. Typed text that names no place stays
 * the field's text (the drop-off sends it as the destination).
 */
import { useEffect, useRef, useState } from "react";
import type { Place } from "../../lib/places.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";
import type { RiderPlaces } from "../rider/use_places.ts";

export interface PlaceFieldProps {
  label: string;
  value: string;
  places: RiderPlaces;
  chosen: Place | null;
  onType(text: string): void;
  onPlace(place: Place): void;
  hint?: string;
  /** The form's error, when it is about this field. */
  errorId?: string;
}

export function PlaceField(p: PlaceFieldProps) {
  const id = useDomId();
  const t = useT();
  const open = useState(false);
  const active = useState(-1);
  const field = useRef<HTMLInputElement>(null);
  const pressing = useRef(false);
  const combo = p.places.kit?.combobox(
    { value: p.value, places: p.places, chosen: p.chosen, onType: p.onType, onPlace: (place) => p.onPlace(place) },
    id,
    t,
    open,
    active,
    field,
    pressing,
  );
  useEffect(() => combo?.effect(), [combo?.expanded, active[0]]);
  const described = [p.hint ? `${id}-hint` : "", p.errorId ?? ""].filter(Boolean).join(" ");
  return (
    <div className="booking-panel__place">
      <div className="field">
        <label htmlFor={`${id}-input`}>{p.label}</label>
        <input
          id={`${id}-input`}
          ref={field}
          type="text"
          autoComplete="off"
          maxLength={200}
          value={p.value}
          aria-invalid={p.errorId ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => {
            p.onType(e.target.value);
            open[1](true);
            active[1](-1);
          }}
          {...combo?.input}
        />
        {p.hint && <p id={`${id}-hint`} className="field__hint">{p.hint}</p>}
        {combo?.live}
      </div>
      {combo?.list}
    </div>
  );
}
