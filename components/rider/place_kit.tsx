/**
 * The rider's places, loaded after the screen's first paint: the
 * screen's first load stays within its byte budget (tests/unit/bundle_budget.test.ts),
 * and places arrive by a fetch anyway. components/rider/use_places.ts imports
 * this module and reads the places; until both are here the destination
 * field is the plain text field it always was.
 *
 * The destination field's suggestions are a WAI-ARIA 1.2 combobox with a
 * listbox popup and list autocomplete, chosen by hand (the APG's "list
 * autocomplete" pattern). `combobox` gives DestinationField the input's
 * attributes and handlers, the list and the live region for its state, so
 * the input element stays the same when this module arrives:
 *
 * - Typing opens the suggestions (lib/place_names.ts `findPlaces`: case and
 *   accents aside, best first); none is active until Arrow Down or Up moves
 *   to one, so Enter in the field still sends the form unless an option is
 *   active, in which case Enter chooses it. Escape closes the list and keeps
 *   the text; a click or tap chooses.
 * - Focus stays in the field: the active option is named by
 *   aria-activedescendant, and a press on an option does not take focus
 *   (mousedown is cancelled), so the list is still there for its click.
 * - The list is in the page's flow under the field (map.css), never over the
 *   Request Ride button. So that closing it cannot move a button away from
 *   under a finger between its press and its click, a press elsewhere closes
 *   it after that click; leaving the field by keyboard closes it at once.
 * - A polite live region says how many places match while the person types.
 */
import type { KeyboardEvent, RefObject } from "react";
import { api } from "../../browser/auth_client.ts";
import { findPlaces } from "../../lib/place_names.ts";
import type { Place } from "../../lib/places.ts";
import { useDomId } from "../dom_id.ts";
import { type T, useT } from "../texts.tsx";
import type { PlaceUse } from "../map/types.ts";
import type { DestinationFieldProps } from "./DestinationField.tsx";

/** The tenant's places, sorted by name (GET /{tenant}/api/places, any member). */
export async function loadPlaces(tenant: string): Promise<Place[]> {
  const list = await api<Place[]>(`/${tenant}/api/places`, { tenant });
  return Array.isArray(list) ? list : [];
}

type State<V> = [V, (value: V) => void];

/**
 * The combobox's parts for the destination field's state: `id` its ids'
 * prefix; `open` whether the person is typing; `active` the option moved to
 * (-1: none); `pressing` whether a pointer is pressed outside the field and
 * its list (the blur it causes waits for its click).
 */
export function combobox(
  p: DestinationFieldProps,
  id: string,
  t: T,
  [open, setOpen]: State<boolean>,
  [active, setActive]: State<number>,
  field: RefObject<HTMLInputElement | null>,
  pressing: RefObject<boolean>,
) {
  const { value, chosen } = p;
  // A chosen place's name in the field suggests nothing: the choice is made.
  const found = chosen ? [] : findPlaces(p.places.list, value);
  const expanded = open && found.length > 0;
  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (place: Place) => {
    p.onPlace(place, "destination");
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!found.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      // From the field (or closed), Down goes to the first, Up to the last.
      setActive(
        !expanded || active < 0 ? (step > 0 ? 0 : found.length - 1) : (active + step + found.length) % found.length,
      );
      setOpen(true);
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      choose(found[active]);
    } else if (e.key === "Escape" && expanded) {
      e.preventDefault();
      close();
    }
  };

  /** While the list shows: the active option kept in view, and presses outside watched. */
  const effect = () => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
    if (!expanded) return;
    const inside = (e: Event) =>
      field.current?.contains(e.target as Node) || document.getElementById(listId)?.contains(e.target as Node);
    const down = (e: Event) => {
      pressing.current = !inside(e);
    };
    const done = () => {
      if (!pressing.current) return;
      pressing.current = false;
      if (document.activeElement !== field.current) close();
    };
    document.addEventListener("pointerdown", down, true);
    // After the press's own click (bubbling, so the pressed button has had it), or when the press became a scroll.
    document.addEventListener("click", done);
    document.addEventListener("pointercancel", done);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("click", done);
      document.removeEventListener("pointercancel", done);
      pressing.current = false;
    };
  };

  // Said while the person types; empty otherwise, so nothing is announced on focus alone.
  const count = open && value.trim() && !chosen
    ? (found.length ? t("{count} places found", { count: found.length }) : t("No places found"))
    : "";

  return {
    expanded,
    effect,
    input: {
      role: "combobox",
      "aria-autocomplete": "list" as const,
      "aria-expanded": expanded,
      "aria-controls": listId,
      "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
      onBlur: () => pressing.current || close(),
    },
    live: <p className="sr-only" role="status" aria-live="polite">{count}</p>,
    list: (
      <ul id={listId} role="listbox" aria-label={t("Suggested places")} className="combobox__list" hidden={!expanded}>
        {expanded && found.map((place, i) => (
          <li
            key={place.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="combobox__option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() =>
              choose(place)}
          >
            <span className="combobox__name">{place.name}</span>
            {place.note && <span className="combobox__note">{place.note}</span>}
          </li>
        ))}
      </ul>
    ),
  };
}

/** "Set pickup location"'s places: a button each, so a rider can name one instead of tapping the map. */
export function PickupPlaces(
  { places, onPlace }: { places: readonly Place[]; onPlace(place: Place, use: PlaceUse): void },
) {
  const t = useT();
  const label = useDomId();
  return (
    <>
      <p id={label} className="ride-form__places-label">{t("Or choose a place:")}</p>
      <ul className="ride-form__places" aria-labelledby={label}>
        {places.map((place) => (
          <li key={place.id}>
            <button type="button" className="button button--secondary" onClick={() => onPlace(place, "pickup")}>
              {place.name}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
