/**
 * The tenant's places on the WebGL map: a dot with the place's
 * name. The pin is a button, so a keyboard reaches it too; it opens a small
 * popup with "Go here" (the place becomes the destination) and "Pick up
 * here" (the pickup), placed by MapLibre where it fits in the map. Focus moves into the popup when it opens (MapLibre's
 * focusAfterOpen); Escape or the close button shut it and give focus back to
 * the pin. Part of the lazy map chunk: only ShuttleMap imports it.
 */
import { memo, useRef } from "react";
import { Marker, Popup } from "react-map-gl/maplibre";
import type { Place } from "../../lib/places.ts";
import { useT } from "../texts.tsx";
import type { PlaceUse } from "./types.ts";

export interface PlacePinsProps {
  places: readonly Place[];
  /** The id of the place whose popup is open, or null. */
  open: string | null;
  onOpen(id: string | null): void;
  onPlace(place: Place, use: PlaceUse): void;
}

/** Half the dot: the place's point is the dot's centre, at the pin's left edge. */
const DOT_OFFSET: [number, number] = [-7, 0];
const POPUP_OFFSET = 16;

export const PlacePins = memo(function PlacePins({ places, open, onOpen, onPlace }: PlacePinsProps) {
  const t = useT();
  const pins = useRef(new Map<string, HTMLButtonElement>());
  const shown = places.find((p) => p.id === open) ?? null;

  const close = () => {
    if (shown) pins.current.get(shown.id)?.focus();
    onOpen(null);
  };
  const use = (place: Place, what: PlaceUse) => {
    onPlace(place, what);
    close();
  };

  return (
    <>
      {places.map((place) => (
        <Marker
          key={place.id}
          longitude={place.lng}
          latitude={place.lat}
          anchor="left"
          offset={DOT_OFFSET}
          className="marker--place"
        >
          <button
            type="button"
            className="place-pin"
            aria-haspopup="dialog"
            aria-expanded={open === place.id}
            ref={(el) => {
              if (el) pins.current.set(place.id, el);
              else pins.current.delete(place.id);
            }}
            onClick={(e) => {
              // Not a tap on the map: MapLibre would set a destination point here.
              e.stopPropagation();
              onOpen(open === place.id ? null : place.id);
            }}
          >
            <span className="place-pin__dot" aria-hidden="true" />
            <span className="place-pin__name">{place.name}</span>
          </button>
        </Marker>
      ))}
      {shown && (
        <Popup
          key={shown.id}
          longitude={shown.lng}
          latitude={shown.lat}
          offset={POPUP_OFFSET}
          closeButton={false}
          closeOnClick={false}
          maxWidth="17rem"
          className="place-popup"
          onClose={() => onOpen(null)}
        >
          <div
            role="dialog"
            aria-label={shown.name}
            onKeyDown={(e) => {
              if (e.key !== "Escape") return;
              e.stopPropagation();
              close();
            }}
          >
            <p className="place-popup__name">{shown.name}</p>
            {shown.note && <p className="place-popup__note">{shown.note}</p>}
            <div className="place-popup__actions">
              <button type="button" className="button" onClick={() => use(shown, "destination")}>
                {t("Go here")}
              </button>
              <button type="button" className="button button--secondary" onClick={() => use(shown, "pickup")}>
                {t("Pick up here")}
              </button>
            </div>
            <button type="button" className="place-popup__close" aria-label={t("Close")} onClick={close}>
              ×
            </button>
          </div>
        </Popup>
      )}
    </>
  );
});
