/**
 * The WebGL map (react-map-gl over MapLibre 6). This module and MapLibre are
 * one lazily loaded chunk: MapView imports it with React.lazy after the
 * screen has painted, so pages without a map never fetch it.
 *
 * - MapLibre loads its worker from `maplibre-gl-worker.mjs` beside its chunk
 *   in /build/ (scripts/build.ts copies it there); its stylesheet is copied
 *   beside it too and linked from here, so only pages with a map load it.
 * - The style (lib/map_style.ts): MAP_STYLE_URL (OpenFreeMap's liberty by
 *   default), the built-in street style over a PMTiles archive (`pmtiles://`,
 *   read with the pmtiles package's protocol, which custom styles may use
 *   too), or the built-in offline style.
 * - A street map that cannot load (the style errors before it arrives, its
 *   tiles all fail, or nothing has drawn within STYLE_TIMEOUT_MS) is
 *   replaced by the built-in style with a small "Street map unavailable"
 *   notice: the area and the pins are drawn on top of any style, so the map
 *   never goes blank.
 * - On a street map, "© OpenStreetMap contributors" is always shown, linked
 *   (OSM's licence), beside the provider's own credit from the style.
 */
// A named import, not `* as`: react-map-gl loads the module itself (import("maplibre-gl")), so no
// namespace object is built for it, and esbuild's namespace helper stays out of every island.
import { addProtocol, getVersion } from "maplibre-gl";
import { Protocol } from "pmtiles";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import Map, {
  AttributionControl,
  type ErrorEvent,
  Layer,
  type MapLayerMouseEvent,
  type MapRef,
  type MapSourceDataEvent,
  Marker,
  NavigationControl,
  Source,
  type StyleSpecification,
} from "react-map-gl/maplibre";
import { pmtilesArchive } from "../../lib/map_style.ts";
import type { Place } from "../../lib/places.ts";
import { useT } from "../texts.tsx";
import { areaBounds, areaPolygon } from "./area.ts";
import { useGlide } from "./glide.ts";
import { PlacePins } from "./PlacePins.tsx";
import { StreetMapNotice } from "./StreetMapNotice.tsx";
import { MAPLIBRE_CREDIT, OSM_COPYRIGHT, streetStyle } from "./street_style.ts";
import {
  AREA_FILL,
  AREA_LINE,
  AREA_SOURCE,
  OFFLINE_STYLE,
  PIN_IMAGES,
  PIN_SIZE,
  ROUTE_LINE,
  ROUTE_SOURCE,
  STYLE_TIMEOUT_MS,
  ZOOM,
} from "./styles.ts";
import type { MapPin, MapViewProps } from "./types.ts";

// pmtiles:// sources, in the built-in street style or a custom one; registered once, when the chunk loads.
addProtocol("pmtiles", new Protocol().tile);

/** MapLibre's stylesheet, copied beside this chunk by the build; the version busts the year-long cache. */
function maplibreCss(): string {
  return new URL(`maplibre-gl.css?v=${getVersion()}`, import.meta.url).href;
}

/** What MapLibre is handed for the screen's style setting. */
function styleFor(styleUrl: string | null): string | StyleSpecification {
  if (styleUrl === null) return OFFLINE_STYLE;
  const archive = pmtilesArchive(styleUrl);
  // The pmtiles protocol fetches the archive as written: a path on this server is made absolute here.
  return archive === null ? styleUrl : streetStyle(new URL(archive, location.href).href);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const FILL = { width: "100%", height: "100%" };

const NO_PLACES: readonly Place[] = [];
const ignorePlace = () => {};

export default function ShuttleMap(
  {
    area,
    styleUrl,
    pins,
    onPick,
    picking = false,
    onPinMove,
    label,
    places = NO_PLACES,
    onPlace = ignorePlace,
    route,
  }: MapViewProps,
) {
  const t = useT();
  // The place whose popup is open; a tap elsewhere on the map first closes it.
  const [openPlace, setOpenPlace] = useState<string | null>(null);
  const [style, setStyle] = useState<string | StyleSpecification>(() => styleFor(styleUrl));
  const street = style !== OFFLINE_STYLE;
  const [unavailable, setUnavailable] = useState(false);
  // How far the street map got before the map's first complete picture ("load"): its style arrived, tiles drawn.
  const progress = useRef({ styleRead: false, tiles: 0, tileErrors: 0, settled: false });
  // react-map-gl reports a map that could not be built (WebGL refused) through onError with no target;
  // throwing from render hands it to MapView's boundary, which keeps the static map.
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  // Only ever from the street style to the built-in one, once.
  const fallBack = useCallback((why: string) => {
    if (styleUrl === null || progress.current.settled) return;
    progress.current.settled = true;
    console.warn(`map style ${styleUrl} unusable (${why}); using the built-in style`);
    setStyle(OFFLINE_STYLE);
    setUnavailable(true);
  }, [styleUrl]);

  useEffect(() => {
    if (!street) return;
    // A street map that has drawn no tile in this time is not coming (a phone offline, the provider down).
    const timer = setTimeout(() => progress.current.tiles === 0 && fallBack("timed out"), STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [street, fallBack]);

  const onError = useCallback((e: ErrorEvent) => {
    if (!e.target) {
      setFailure(e.error instanceof Error ? e.error : new Error("The map could not start"));
      return;
    }
    const p = progress.current;
    if (p.settled) return;
    const { sourceId, tile } = e as ErrorEvent & { sourceId?: string; tile?: unknown };
    if (sourceId === AREA_SOURCE || sourceId === ROUTE_SOURCE) return;
    if (tile) p.tileErrors++;
    // The style itself, or a street source's TileJSON or archive header, before anything was drawn.
    else if (!p.styleRead || (sourceId && p.tiles === 0)) fallBack(e.error?.message ?? "error");
  }, [fallBack]);

  const onSourceData = useCallback((e: MapSourceDataEvent) => {
    if (e.sourceId !== AREA_SOURCE && e.sourceId !== ROUTE_SOURCE && e.tile) progress.current.tiles++;
  }, []);

  const onLoad = useCallback(() => {
    const p = progress.current;
    // Every tile asked for failed (a blocked tile host, an archive that will not answer): no streets to show.
    if (p.tiles === 0 && p.tileErrors > 0) fallBack(`${p.tileErrors} tiles failed`);
    p.settled = true;
  }, [fallBack]);

  const attribution = useMemo(() => {
    const osm = `<a href="${OSM_COPYRIGHT}" target="_blank" rel="noopener">${
      escapeHtml(t("© OpenStreetMap contributors"))
    }</a>`;
    return street ? { compact: false, customAttribution: osm } : { compact: true, customAttribution: MAPLIBRE_CREDIT };
  }, [street, t]);

  const polygon = useMemo(() => areaPolygon(area), [area]);
  const routeLine = useMemo(() =>
    route && route.length > 1
      ? {
        type: "Feature" as const,
        properties: {},
        geometry: { type: "LineString" as const, coordinates: route.map((p) => [p.lng, p.lat]) },
      }
      : null, [route]);
  // Pins to keep in view (the rider's driver and pickup) widen where the map may go, and the view
  // moves to take them in when one leaves it.
  const keep = pins.filter((p) => p.keep).map((p) => p.at);
  const keepKey = keep.map((p) => `${p.lat},${p.lng}`).join(";");
  const bounds = useMemo(() => widen(areaBounds(area), keep), [area, keepKey]);
  const mapRef = useRef<MapRef>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || keep.length === 0) return;
    const view = map.getBounds();
    if (keep.every((p) => view.contains([p.lng, p.lat]))) return;
    const [west, south, east, north] = widen([Infinity, Infinity, -Infinity, -Infinity], keep);
    map.fitBounds([[west, south], [east, north]], { padding: 64, maxZoom: ZOOM.start, duration: 800 });
  }, [keepKey]);
  const initialViewState = useMemo(() => ({ latitude: area.lat, longitude: area.lng, zoom: ZOOM.start }), [area]);

  const onClick = useCallback((e: MapLayerMouseEvent) => {
    if (openPlace !== null) setOpenPlace(null);
    else onPick?.({ lat: e.lngLat.lat, lng: e.lngLat.lng });
  }, [onPick, openPlace]);

  return (
    <div className="map-frame" role="region" aria-label={label}>
      <link rel="stylesheet" href={maplibreCss()} precedence="default" />
      <Map
        ref={mapRef}
        initialViewState={initialViewState}
        minZoom={ZOOM.min}
        maxZoom={ZOOM.max}
        maxBounds={bounds}
        mapStyle={style}
        style={FILL}
        cursor={picking ? "crosshair" : "pointer"}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        attributionControl={false}
        onClick={onClick}
        onStyleData={() => {
          progress.current.styleRead = true;
        }}
        onSourceData={onSourceData}
        onLoad={onLoad}
        onError={onError}
      >
        <Source id={AREA_SOURCE} type="geojson" data={polygon}>
          <Layer {...AREA_FILL} />
          <Layer {...AREA_LINE} />
        </Source>
        {routeLine && (
          <Source id={ROUTE_SOURCE} type="geojson" data={routeLine}>
            <Layer {...ROUTE_LINE} />
          </Source>
        )}
        <PlacePins places={places} open={openPlace} onOpen={setOpenPlace} onPlace={onPlace} />
        <Pins pins={pins} onPinMove={onPinMove} />
        <NavigationControl position="top-right" showCompass={false} />
        {/* Made once by react-map-gl: a new key makes the street credit when the style changes. */}
        <AttributionControl key={street ? "street" : "plain"} {...attribution} />
      </Map>
      {unavailable && <StreetMapNotice />}
    </div>
  );
}

/** `bounds` ([west, south, east, north]) grown to hold `points`, with a little room around them. */
function widen(bounds: [number, number, number, number], points: { lat: number; lng: number }[]) {
  const pad = 0.002;
  return points.reduce<[number, number, number, number]>(
    (
      [w, s, e, n],
      p,
    ) => [Math.min(w, p.lng - pad), Math.min(s, p.lat - pad), Math.max(e, p.lng + pad), Math.max(n, p.lat + pad)],
    bounds,
  );
}

/** Ride dots first, so the pins that stand on the same point are drawn above them. */
const ORDER: Record<MapPin["kind"], number> = { ride: 0, destination: 1, pickup: 2, shuttle: 3 };

const Pins = memo(function Pins({ pins, onPinMove }: { pins: MapPin[]; onPinMove?: MapViewProps["onPinMove"] }) {
  const sorted = [...pins].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  return sorted.map((pin) => <Pin key={`${pin.kind}:${pin.id}`} pin={pin} onPinMove={onPinMove} />);
});

function Pin({ pin, onPinMove }: { pin: MapPin; onPinMove?: MapViewProps["onPinMove"] }) {
  if (pin.mine) return <GlidingPin pin={pin} />;
  return (
    <Marker
      longitude={pin.at.lng}
      latitude={pin.at.lat}
      anchor={pin.kind === "pickup" || pin.kind === "destination" ? "bottom" : "center"}
      className={`marker--${pin.kind}`}
      draggable={pin.draggable && !!onPinMove}
      onDragEnd={(e) => onPinMove?.(pin.id, { lat: e.lngLat.lat, lng: e.lngLat.lng })}
    >
      <PinMark pin={pin} />
    </Marker>
  );
}

/** The rider's driver: walks to each new position instead of jumping. */
function GlidingPin({ pin }: { pin: MapPin }) {
  const at = useGlide(pin.at);
  return (
    <Marker longitude={at.lng} latitude={at.lat} anchor="center" className="marker--shuttle">
      <PinMark pin={pin} />
    </Marker>
  );
}

export function PinMark({ pin }: { pin: MapPin }) {
  if (pin.kind === "ride") {
    return (
      <span
        className={`ride-dot ride-dot--${pin.status ?? "pending"}`}
        title={pin.title}
        role="img"
        aria-label={pin.title}
      />
    );
  }
  return (
    <img
      className={`pin${pin.self ? " pin--self" : ""}${pin.mine ? " pin--mine" : ""}`}
      src={PIN_IMAGES[pin.kind]}
      width={PIN_SIZE}
      height={PIN_SIZE}
      alt={pin.title}
      title={pin.title}
      draggable={false}
    />
  );
}
