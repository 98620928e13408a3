/**
 * The map's style constants, as react-map-gl's examples keep them: the
 * built-in style used when MAP_STYLE_URL is unset or unreachable, and the
 * service-area and route layers. Only the WebGL map's lazy chunk reads them;
 * the pin art the static first view needs too is in pin_art.ts, so none of
 * this weighs on a screen's first load.
 */
import type { LayerProps, StyleSpecification } from "react-map-gl/maplibre";

/**
 * Spec section 9: zoom 15 to 18, starting at 16. Those are the zooms of the
 * original's Leaflet map (its marker colours are Leaflet's colour-marker set),
 * whose tiles are 256 px; MapLibre's are 512 px, so the same metres per pixel
 * is one zoom lower. The spec's 16 (about 2 m per pixel in Greer: a phone sees
 * some 700 m across) is MapLibre's 15.
 */
export const SPEC_ZOOM = { min: 15, max: 18, start: 16 } as const;
const TILE_512_OFFSET = 1;
export const ZOOM = {
  min: SPEC_ZOOM.min - TILE_512_OFFSET,
  max: SPEC_ZOOM.max - TILE_512_OFFSET,
  start: SPEC_ZOOM.start - TILE_512_OFFSET,
} as const;

/** The paper colour of the built-in style; map.css paints the empty map box the same, so nothing flashes. */
export const PAPER = "#e9eef2";

/**
 * A plain background and nothing to fetch: no tiles, glyphs or sprites, so
 * the map draws offline, in tests and behind a strict CSP. The area circle
 * and the pins are drawn on top of whatever style is in use.
 */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  name: "Hopper offline",
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": PAPER } }],
};

export const AREA_SOURCE = "service-area";

export const AREA_FILL: LayerProps = {
  id: "service-area-fill",
  type: "fill",
  paint: { "fill-color": "#1d4ed8", "fill-opacity": 0.08 },
};

export const AREA_LINE: LayerProps = {
  id: "service-area-line",
  type: "line",
  paint: { "line-color": "#1e3a8a", "line-width": 3, "line-dasharray": [2, 1.5] },
};

export const ROUTE_SOURCE = "route";

/** The vehicle's way through its stops, under the pins (the static map's .static-map__route). */
export const ROUTE_LINE: LayerProps = {
  id: "route-line",
  type: "line",
  layout: { "line-join": "round", "line-cap": "round" },
  paint: { "line-color": "#1d4ed8", "line-width": 5 },
};

export { PIN_IMAGES, PIN_SIZE } from "./pin_art.ts";

/** How long a MAP_STYLE_URL may take before the built-in style is used instead. */
export const STYLE_TIMEOUT_MS = 10_000;
