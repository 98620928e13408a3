/**
 * The map box the screens render. It reserves the map's space from the first
 * paint (map.css gives .map-box its height) and shows the static map at once:
 * the area, the places, the pins, the vehicle and its route, drawn as SVG
 * from their lat/lng, so a cheap phone has a map to read without WebGL.
 * The WebGL map (React.lazy: the maplibre chunk, its worker and stylesheet,
 * about 450 KiB gzip, and seconds of a slow phone's CPU) is swapped in only
 * once the person reaches for the map (touch, click, wheel, hover, keyboard
 * focus) to pan, zoom or see the streets of MAP_STYLE_URL: a page that is
 * only read never downloads and starts a WebGL engine.
 * If the WebGL map cannot run (no WebGL, a chunk that fails to load), the
 * static map stays: the area and the pins are always on screen, and taps
 * still pick points; with a street style, a small notice says the street map
 * is unavailable.
 */
import { type ComponentType, type SyntheticEvent, useState } from "react";
import type { LiveMapProps } from "./LiveMap.tsx";
import { StaticMap } from "./StaticMap.tsx";
import { StreetMapNotice } from "./StreetMapNotice.tsx";
import type { MapViewProps } from "./types.ts";

/** Where the WebGL map cannot run or load: the static map, with the notice on a street style. */
function Unavailable(props: MapViewProps) {
  return (
    <>
      <StaticMap {...props} />
      {props.styleUrl !== null && <StreetMapNotice />}
    </>
  );
}

const failedMap = ({ failed }: LiveMapProps) => failed;

export function MapView(props: MapViewProps) {
  // The WebGL side (LiveMap.tsx: ShuttleMap in its boundary), once loaded. The static map stays mounted until then,
  // so the tap that reached for the map still lands on it and picks its point.
  const [live, setLive] = useState<{ Map: ComponentType<LiveMapProps> } | null>(null);
  // How the person reached for the map: "focus" (the keyboard) moves focus on into the WebGL map once it is drawn.
  const [wanted, setWanted] = useState<string | null>(null);
  const reach = wanted ? undefined : (e: SyntheticEvent) => {
    setWanted(e.type);
    // No WebGL: no download of an engine that cannot start. A chunk that cannot load: the static map, as there.
    (webglAvailable() ? import("./LiveMap.tsx").then((m) => m.default, () => failedMap) : Promise.resolve(failedMap))
      .then((Map) => setLive({ Map }));
  };
  return (
    <div className="map-box" onPointerDown={reach} onPointerOver={reach} onWheel={reach} onFocus={reach}>
      {live
        ? <live.Map {...props} failed={<Unavailable {...props} />} focus={wanted === "focus"} />
        : <StaticMap {...props} />}
    </div>
  );
}

let webgl: boolean | undefined;

/** Whether this browser can draw a WebGL map at all (asked once). */
export function webglAvailable(): boolean {
  if (webgl === undefined) {
    try {
      const canvas = document.createElement("canvas");
      webgl = !!(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

/** For tests: forget the answer. */
export function resetWebglCheck(value?: boolean): void {
  webgl = value;
}
