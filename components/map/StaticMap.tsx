/**
 * The map without WebGL: the service area, the tenant's places with their
 * names, the route and the pins drawn as SVG on the plain background, to
 * scale. It is the first view of every map screen (the WebGL map loads only
 * once the person reaches for the map), and stays if that map cannot run, so
 * the screen always shows where the area is and where the pins are, and a
 * tap still picks a point.
 */
import type { MouseEvent } from "react";
import type { Point } from "../../lib/geo.ts";
import type { Place } from "../../lib/places.ts";
import type { ServiceArea } from "../../lib/schemas.ts";
import { PIN_IMAGES, PIN_SIZE } from "./pin_art.ts";
import type { MapPin, MapViewProps } from "./types.ts";

const M_PER_DEG_LAT = 111_320;

/** Metres east and north of the area's centre (flat within a few km). */
export function toLocal(area: ServiceArea, p: Point): { x: number; y: number } {
  return {
    x: (p.lng - area.lng) * M_PER_DEG_LAT * Math.cos((area.lat * Math.PI) / 180),
    y: (p.lat - area.lat) * M_PER_DEG_LAT,
  };
}

export function fromLocal(area: ServiceArea, x: number, y: number): Point {
  return {
    lat: area.lat + y / M_PER_DEG_LAT,
    lng: area.lng + x / (M_PER_DEG_LAT * Math.cos((area.lat * Math.PI) / 180)),
  };
}

const NO_PLACES: readonly Place[] = [];

export function StaticMap({ area, pins, onPick, label, route, places = NO_PLACES }: MapViewProps) {
  const r = area.radiusMeters;
  // Pins to keep in view (the rider's driver) widen the picture past the area when they are outside it.
  const half = Math.max(
    r,
    ...pins.filter((p) => p.keep).map((p) => {
      const { x, y } = toLocal(area, p.at);
      return Math.max(Math.abs(x), Math.abs(y));
    }),
  ) * 1.15;
  // Pins keep their screen size: about 40 px in a box a few hundred px across.
  const pin = (half * 2 * PIN_SIZE) / 360;

  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const svg = e.currentTarget;
    const matrix = svg.getScreenCTM?.();
    if (!onPick || !matrix) return;
    const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    // SVG y grows downwards; north is up.
    onPick(fromLocal(area, at.x, -at.y));
  };

  return (
    // Focusable, so a keyboard can reach for the map too (MapView then loads the WebGL map).
    <div className="map-frame map-frame--static" role="region" aria-label={label} tabIndex={0}>
      <svg
        className="static-map"
        viewBox={`${-half} ${-half} ${half * 2} ${half * 2}`}
        preserveAspectRatio="xMidYMid meet"
        onClick={onClick}
        aria-hidden="true"
      >
        <circle className="static-map__area" cx="0" cy="0" r={r} />
        {route && route.length > 1 && (
          <polyline
            className="static-map__route"
            points={route.map((p) => {
              const { x, y } = toLocal(area, p);
              return `${x},${-y}`;
            }).join(" ")}
          />
        )}
        {places.map((p) => <StaticPlace key={p.id} place={p} area={area} size={pin} />)}
        {pins.map((p) => <StaticPin key={`${p.kind}:${p.id}`} pin={p} area={area} size={pin} />)}
      </svg>
      <ul className="sr-only">
        {pins.map((p) => <li key={`${p.kind}:${p.id}`}>{p.title}</li>)}
      </ul>
    </div>
  );
}

/** A place as the WebGL map shows it: a dot with its name beside it (about 13 px, as .place-pin__name). */
function StaticPlace({ place, area, size }: { place: Place; area: ServiceArea; size: number }) {
  const { x, y } = toLocal(area, place);
  return (
    <g className="static-map__place">
      <circle cx={x} cy={-y} r={size * 0.16} />
      <text x={x + size * 0.28} y={-y} fontSize={size * 0.33} dominantBaseline="central">{place.name}</text>
    </g>
  );
}

function StaticPin({ pin, area, size }: { pin: MapPin; area: ServiceArea; size: number }) {
  const { x, y } = toLocal(area, pin.at);
  if (pin.kind === "ride") {
    return (
      <circle className={`static-map__ride ride-fill--${pin.status ?? "pending"}`} cx={x} cy={-y} r={size * 0.3} />
    );
  }
  const bottom = pin.kind === "pickup" || pin.kind === "destination";
  // The rider's driver glides to each new position (a CSS transition on its translation: static-map__glide).
  if (pin.mine) {
    return (
      <g className="static-map__glide" style={{ transform: `translate(${x}px,${-y}px)` }}>
        <circle className="static-map__mine" r={size * 0.6} />
        <image href={PIN_IMAGES.shuttle} x={-size / 2} y={-size / 2} width={size} height={size} />
      </g>
    );
  }
  return (
    <image
      href={PIN_IMAGES[pin.kind]}
      x={x - size / 2}
      y={bottom ? -y - size : -y - size / 2}
      width={size}
      height={size}
    />
  );
}
