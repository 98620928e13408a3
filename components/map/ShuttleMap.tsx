/**
 * The WebGL map (react-map-gl over MapLibre 6). This module and MapLibre are
 * one lazily loaded chunk: MapView imports it with React.lazy after the
 * screen has painted, so pages without a map never fetch it.
 *
 * - MapLibre loads its worker from `maplibre-gl-worker.mjs` beside its chunk
 *   in /build/ (scripts/build.ts copies it there); its stylesheet is copied
 *   beside it too and linked from here, so only pages with a map load it.
 * - The style is MAP_STYLE_URL, or the built-in offline style. A style that
 *   fails to load, or takes longer than STYLE_TIMEOUT_MS, is replaced by the
 *   built-in one: the area and the pins are drawn on top of any style, so the
 *   map never goes blank.
 */
// A named import, not `* as`: react-map-gl loads the module itself (import("maplibre-gl")), so no
// namespace object is built for it, and esbuild's namespace helper stays out of every island (issue 9).
import { getVersion } from "maplibre-gl";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import Map, {
  Layer,
  type MapLayerMouseEvent,
  Marker,
  NavigationControl,
  Source,
  type StyleSpecification,
} from "react-map-gl/maplibre";
import { areaBounds, areaPolygon } from "./area.ts";
import {
  AREA_FILL,
  AREA_LINE,
  AREA_SOURCE,
  OFFLINE_STYLE,
  PIN_IMAGES,
  PIN_SIZE,
  STYLE_TIMEOUT_MS,
  ZOOM,
} from "./styles.ts";
import type { MapPin, MapViewProps } from "./types.ts";

/** MapLibre's stylesheet, copied beside this chunk by the build; the version busts the year-long cache. */
function maplibreCss(): string {
  return new URL(`maplibre-gl.css?v=${getVersion()}`, import.meta.url).href;
}

const FILL = { width: "100%", height: "100%" };

export default function ShuttleMap({ area, styleUrl, pins, onPick, picking = false, label }: MapViewProps) {
  const [style, setStyle] = useState<string | StyleSpecification>(styleUrl ?? OFFLINE_STYLE);
  const styleLoaded = useRef(false);
  // react-map-gl reports a map that could not be built (WebGL refused) through onError with no target;
  // throwing from render hands it to MapView's boundary, which keeps the static map.
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  const fallBack = useCallback((why: string) => {
    if (styleLoaded.current) return;
    setStyle((current) => {
      if (current === OFFLINE_STYLE) return current;
      console.warn(`map style ${styleUrl} unusable (${why}); using the built-in style`);
      return OFFLINE_STYLE;
    });
  }, [styleUrl]);

  useEffect(() => {
    if (style === OFFLINE_STYLE) return;
    const timer = setTimeout(() => fallBack("timed out"), STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [style, fallBack]);

  const polygon = useMemo(() => areaPolygon(area), [area]);
  const bounds = useMemo(() => areaBounds(area), [area]);
  const initialViewState = useMemo(() => ({ latitude: area.lat, longitude: area.lng, zoom: ZOOM.start }), [area]);

  const onClick = useCallback((e: MapLayerMouseEvent) => {
    onPick?.({ lat: e.lngLat.lat, lng: e.lngLat.lng });
  }, [onPick]);

  return (
    <div className="map-frame" role="region" aria-label={label}>
      <link rel="stylesheet" href={maplibreCss()} precedence="default" />
      <Map
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
        onClick={onClick}
        onStyleData={() => {
          styleLoaded.current = true;
        }}
        onError={(e) => {
          if (!e.target) setFailure(e.error instanceof Error ? e.error : new Error("The map could not start"));
          else if (!styleLoaded.current) fallBack(e.error?.message ?? "error");
        }}
      >
        <Source id={AREA_SOURCE} type="geojson" data={polygon}>
          <Layer {...AREA_FILL} />
          <Layer {...AREA_LINE} />
        </Source>
        <Pins pins={pins} />
        <NavigationControl position="top-right" showCompass={false} />
      </Map>
    </div>
  );
}

/** Ride dots first, so the pins that stand on the same point are drawn above them. */
const ORDER: Record<MapPin["kind"], number> = { ride: 0, destination: 1, pickup: 2, shuttle: 3 };

const Pins = memo(function Pins({ pins }: { pins: MapPin[] }) {
  const sorted = [...pins].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  return sorted.map((pin) => (
    <Marker
      key={`${pin.kind}:${pin.id}`}
      longitude={pin.at.lng}
      latitude={pin.at.lat}
      anchor={pin.kind === "pickup" || pin.kind === "destination" ? "bottom" : "center"}
      className={`marker--${pin.kind}`}
    >
      <PinMark pin={pin} />
    </Marker>
  ));
});

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
      className={pin.self ? "pin pin--self" : "pin"}
      src={PIN_IMAGES[pin.kind]}
      width={PIN_SIZE}
      height={PIN_SIZE}
      alt={pin.title}
      title={pin.title}
      draggable={false}
    />
  );
}
