/**
 * How place names are compared, ordered and found, apart from
 * lib/places.ts so the rider's suggestions (components/rider/place_kit.tsx)
 * take these few functions without the editor's rules and texts. The
 * server and the editor reach them through lib/places.ts.
 */
import type { Place } from "./places.ts";

/** Lowercase, without accents, spaces folded: the form names are compared and searched in. */
export function foldName(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Names in a list's order: alphabetical as a person reads them, accents and case aside. */
export function byName(a: Pick<Place, "name">, b: Pick<Place, "name">): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true });
}

/**
 * The places a typed text names, best first: those whose name starts with
 * it, then those with a word starting with it, then any containing it; by
 * name within each. Accents and case are ignored ("cafe" finds "Café").
 */
export function findPlaces<P extends Pick<Place, "name">>(places: readonly P[], typed: string, limit = 8): P[] {
  const query = foldName(typed);
  if (!query) return [];
  const ranked: { place: P; rank: number }[] = [];
  for (const place of places) {
    const name = foldName(place.name);
    const at = name.indexOf(query);
    if (at === -1) continue;
    const rank = at === 0 ? 0 : name.includes(` ${query}`) ? 1 : 2;
    ranked.push({ place, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank || byName(a.place, b.place)).slice(0, limit).map((r) => r.place);
}
