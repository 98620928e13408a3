/**
 * The places beside the map: each with its note and Edit, Move and
 * Delete. Move is the keyboard's and the static map's way to do what dragging
 * the pin does: the next tap on the map sets the place's new point.
 */
import type { Place } from "../../lib/places.ts";
import { useT } from "../texts.tsx";

export interface PlacesListProps {
  places: Place[];
  /** The place whose new point the next map tap sets, if any. */
  moving: string | null;
  onEdit(place: Place): void;
  onMove(place: Place): void;
  onDelete(place: Place): void;
}

export function PlacesList({ places, moving, onEdit, onMove, onDelete }: PlacesListProps) {
  const t = useT();
  return (
    <ul className="places-list">
      {places.map((place) => (
        <li
          key={place.id}
          className={place.id === moving ? "places-list__item places-list__item--moving" : "places-list__item"}
        >
          <span className="places-list__text">
            <span className="places-list__name">{place.name}</span>
            {place.note && <span className="places-list__note">{place.note}</span>}
          </span>
          <span className="row-actions">
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t("Edit {name}", { name: place.name })}
              onClick={() => onEdit(place)}
            >
              {t("Edit")}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t("Move {name}", { name: place.name })}
              aria-pressed={place.id === moving}
              onClick={() => onMove(place)}
            >
              {t("Move")}
            </button>
            <button
              type="button"
              className="button button--danger-outline button--small"
              aria-label={t("Delete place {name}", { name: place.name })}
              onClick={() => onDelete(place)}
            >
              {t("Delete")}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
