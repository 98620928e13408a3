/**
 * The built-in street style over a PMTiles archive (self-hosting):
 * what the map draws when MAP_PMTILES_PATH is set and MAP_STYLE_URL is not,
 * or MAP_STYLE_URL is `pmtiles://…`. It reads the layers of the Protomaps
 * basemap schema (https://docs.protomaps.com/basemaps/layers), which
 * `pmtiles extract` of a Protomaps daily build keeps: land, water, parks,
 * buildings and roads by kind. It names no glyphs or sprites, so nothing is
 * fetched but the archive itself (from this server: the CSP stays 'self');
 * street names need a full style with its fonts (docs/operations.md).
 * Imported only by the map chunk.
 */
import type { StyleSpecification } from "react-map-gl/maplibre";
import { PAPER } from "./styles.ts";

/** Where OpenStreetMap's credit links (its licence asks for the credit and the link on the map). */
export const OSM_COPYRIGHT = "https://www.openstreetmap.org/copyright";

/** MapLibre's own credit, shown on the plain map as MapLibre shows it by default (a name: the same in every language). */
export const MAPLIBRE_CREDIT = '<a href="https://maplibre.org/" target="_blank" rel="noopener">MapLibre</a>';

/** Protomaps' credit; OpenStreetMap's is added by the map itself (ShuttleMap's attribution). */
const PROTOMAPS = '<a href="https://protomaps.com" target="_blank" rel="noopener">Protomaps</a>';

const width = (at14: number, at17: number) => ["interpolate", ["exponential", 1.6], ["zoom"], 14, at14, 17, at17];
const kindIn = (kinds: string[]) => ["in", ["get", "kind"], ["literal", kinds]];

/** The style for the archive at `archiveUrl` (absolute: the pmtiles protocol fetches it as written). */
export function streetStyle(archiveUrl: string): StyleSpecification {
  const source = "streets";
  return {
    version: 8,
    name: "Hopper streets",
    sources: { [source]: { type: "vector", url: `pmtiles://${archiveUrl}`, attribution: PROTOMAPS } },
    layers: [
      { id: "background", type: "background", paint: { "background-color": PAPER } },
      { id: "earth", type: "fill", source, "source-layer": "earth", paint: { "fill-color": "#f2efe9" } },
      {
        id: "parks",
        type: "fill",
        source,
        "source-layer": "landuse",
        filter: kindIn(["park", "garden", "grass", "wood", "forest", "pitch", "playground", "cemetery"]),
        paint: { "fill-color": "#d8e8c8" },
      },
      { id: "water", type: "fill", source, "source-layer": "water", paint: { "fill-color": "#a9cde8" } },
      {
        id: "buildings",
        type: "fill",
        source,
        "source-layer": "buildings",
        paint: { "fill-color": "#e0dbd3", "fill-outline-color": "#cfc8bd" },
      },
      {
        id: "paths",
        type: "line",
        source,
        "source-layer": "roads",
        filter: kindIn(["path"]),
        paint: { "line-color": "#b9b1a4", "line-width": width(0.8, 2), "line-dasharray": [2, 1] },
      },
      {
        id: "roads-casing",
        type: "line",
        source,
        "source-layer": "roads",
        filter: kindIn(["minor_road", "major_road", "highway", "other"]),
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": "#cbc4b8", "line-width": width(3, 14) },
      },
      {
        id: "roads",
        type: "line",
        source,
        "source-layer": "roads",
        filter: kindIn(["minor_road", "major_road", "other"]),
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": "#ffffff", "line-width": width(2, 11) },
      },
      {
        id: "highways",
        type: "line",
        source,
        "source-layer": "roads",
        filter: kindIn(["highway"]),
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": "#f6cf7a", "line-width": width(2.5, 12) },
      },
    ],
  } as StyleSpecification;
}
