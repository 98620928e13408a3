/**
 * Named places of a tenant: stops and landmarks a rider would
 * name, such as "City Hall" or "Greer Station". The rules once, for the
 * server (routes/api/places.ts checks every write with `readPlace`) and the
 * screens (the admin's places editor checks the same before sending; the
 * rider's destination field finds places with `findPlaces`).
 *
 * Names are unique per tenant, compared folded (`foldName`): case, accents
 * and spacing aside, so "Café Central" and "cafe  central" are one place.
 */
import { isPoint } from "./geo.ts";
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";

export { byName, findPlaces, foldName } from "./place_names.ts";
export { placeLabel, placePoint } from "./place_label.ts";

export const PLACE_NAME_MAX = 80;
export const PLACE_NOTE_MAX = 140;
/** Places a tenant may keep: enough for every stop of a town, few enough to send in one answer. */
export const MAX_PLACES = 300;

export const PLACE_NAME_TEXT: Text = "Name must be 1-{max} characters";
export const PLACE_NOTE_TEXT: Text = "Note must be at most {max} characters";
export const PLACE_POINT_TEXT: Text = "A place needs numeric lat and lng";
export const PLACE_TAKEN_TEXT: Text = "A place with this name already exists";
export const PLACES_FULL_TEXT: Text = "This organization already has {max} places";
export const PLACE_NOT_FOUND: Text = "Place not found";
export const UNKNOWN_PLACE_TEXT: Text = "Unknown place";

/** A place as the API answers it. */
export interface Place {
  id: string;
  name: string;
  lat: number;
  lng: number;
  /** A hint for the rider and driver ("north entrance"), or null. */
  note: string | null;
}

/** A place as stored (kv/places.ts). */
export interface StoredPlace extends Place {
  tenant: string;
  createdAt: number;
  updatedAt: number;
}

export interface PlaceInput {
  name: string;
  lat: number;
  lng: number;
  note: string | null;
}

/** A further rule for a name or note, answering its error text or null (the server's hidden-characters rule). */
export type TextRule = (text: string, label: string) => string | null;

/** A place's fields as they arrive, checked in order: name, point, note. */
export function readPlace(
  body: { name?: unknown; lat?: unknown; lng?: unknown; note?: unknown },
  t: Translate,
  textRule: TextRule = () => null,
): { ok: true; value: PlaceInput } | { ok: false; error: string } {
  const name = typeof body.name === "string" ? body.name.replace(/\s+/g, " ").trim() : "";
  if (name.length === 0 || name.length > PLACE_NAME_MAX) {
    return { ok: false, error: t(PLACE_NAME_TEXT, { max: PLACE_NAME_MAX }) };
  }
  const refusedName = textRule(name, t("Name"));
  if (refusedName) return { ok: false, error: refusedName };
  const point = { lat: body.lat, lng: body.lng };
  if (!isPoint(point)) return { ok: false, error: t(PLACE_POINT_TEXT) };
  if (body.note !== undefined && body.note !== null && typeof body.note !== "string") {
    return { ok: false, error: t(PLACE_NOTE_TEXT, { max: PLACE_NOTE_MAX }) };
  }
  const note = typeof body.note === "string" ? body.note.trim() : "";
  if (note.length > PLACE_NOTE_MAX) return { ok: false, error: t(PLACE_NOTE_TEXT, { max: PLACE_NOTE_MAX }) };
  const refusedNote = note ? textRule(note, t("Note")) : null;
  if (refusedNote) return { ok: false, error: refusedNote };
  return { ok: true, value: { name, lat: point.lat as number, lng: point.lng as number, note: note || null } };
}
