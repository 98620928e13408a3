/**
 * The destination field (spec section 5) with the tenant's places as
 * suggestions (issue 18): a WAI-ARIA 1.2 combobox with a listbox popup and
 * list autocomplete, choice by hand (the APG's "list autocomplete" pattern).
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
 *
 * Without places (none set up, or the list could not load) it is the plain
 * text field it was.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { findPlaces } from "../../lib/place_names.ts";
import type { Place } from "../../lib/places.ts";
import { MAP_LOCATION } from "../../lib/ride_texts.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export interface DestinationFieldProps {
  value: string;
  places: readonly Place[];
  /** The place the text names now, if one was chosen: its suggestions stay closed. */
  chosen: Place | null;
  onType(text: string): void;
  onChoose(place: Place): void;
}

export function DestinationField({ value, places, chosen, onType, onChoose }: DestinationFieldProps) {
  const id = useDomId();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // A pointer is pressed outside the field and its list: the blur it causes waits for its click.
  const pressing = useRef(false);
  const found = useMemo(() => (chosen ? [] : findPlaces(places, value)), [places, value, chosen]);
  const offered = places.length > 0;
  const expanded = offered && open && found.length > 0;
  const inputId = `${id}-destination`;
  const optionId = (i: number) => `${id}-place-${i}`;

  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (place: Place) => {
    onChoose(place);
    close();
  };

  useEffect(() => {
    if (!expanded) return;
    const outside = (e: Event) =>
      !field.current?.contains(e.target as Node) && !list.current?.contains(e.target as Node);
    const down = (e: Event) => {
      pressing.current = outside(e);
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
  }, [expanded]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!offered) return;
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
      setOpen(false);
      setActive(-1);
    }
  };

  // Said while the person types; empty otherwise, so nothing is announced on focus alone.
  const count = offered && open && value.trim() && !chosen
    ? (found.length ? t("{count} places found", { count: found.length }) : t("No places found"))
    : "";

  return (
    <>
      <div className="field ride-form__destination">
        <label htmlFor={inputId}>{t("Destination")}</label>
        <input
          id={inputId}
          ref={field}
          type="text"
          autoComplete="off"
          enterKeyHint="go"
          maxLength={200}
          placeholder={t("Tap the map or type a place")}
          value={value}
          {...(offered && {
            role: "combobox",
            "aria-autocomplete": "list",
            "aria-expanded": expanded,
            "aria-controls": `${id}-places`,
            "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
          })}
          onChange={(e) => {
            onType(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => pressing.current || close()}
          onFocus={(e) => {
            // The placeholder value is replaced by typing, not appended to.
            if (e.target.value === MAP_LOCATION) e.target.select();
          }}
        />
        {offered && <p className="sr-only" role="status" aria-live="polite">{count}</p>}
      </div>
      {offered && (
        <ul
          id={`${id}-places`}
          ref={list}
          role="listbox"
          aria-label={t("Suggested places")}
          className="combobox__list"
          hidden={!expanded}
        >
          {expanded && found.map((place, i) => (
            <li
              key={place.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="combobox__option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(place)}
            >
              <span className="combobox__name">{place.name}</span>
              {place.note && <span className="combobox__note">{place.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
