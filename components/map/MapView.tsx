/**
 * The map box the screens render. It reserves the map's space from the first
 * paint (map.css gives .map-box its height) and shows the static map at once.
 * The WebGL map (React.lazy: the maplibre chunk, its worker and stylesheet,
 * about 450 KiB gzip) is swapped in after the first paint:
 * - with MAP_STYLE_URL set, at once, since its streets are what the person
 *   needs to find their way;
 * - with the built-in style, which draws the same plain picture the static
 *   map does, only once the person reaches for the map (touch, wheel, hover,
 *   keyboard focus) to pan or zoom, so a cheap phone on a slow network does
 *   not download and start a WebGL engine it may never need.
 * If the WebGL map cannot run (no WebGL, a chunk that fails to load), the
 * static map stays: the area and the pins are always on screen, and taps
 * still pick points; with a street style, a small notice says the street map
 * is unavailable.
 */
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { StaticMap } from "./StaticMap.tsx";
import { StreetMapNotice } from "./StreetMapNotice.tsx";
import type { MapViewProps } from "./types.ts";

const ShuttleMap = lazy(() => import("./ShuttleMap.tsx"));

export function MapView(props: MapViewProps) {
  // null until asked (after the first paint); then whether this browser can draw the WebGL map.
  const [webglMap, setWebglMap] = useState<boolean | null>(null);
  const street = props.styleUrl !== null;
  const [wanted, setWanted] = useState(street);
  useEffect(() => {
    if (!wanted) return;
    // After the first paint of the screen, not during hydration's own frame; only where WebGL can run.
    const frame = requestAnimationFrame(() => setWebglMap(webglAvailable()));
    return () => cancelAnimationFrame(frame);
  }, [wanted]);
  const reach = wanted ? undefined : () => setWanted(true);
  const fallback = <StaticMap {...props} />;
  // The street map was wanted and cannot be drawn here: the static map says so.
  const failed = (
    <>
      {fallback}
      {street && <StreetMapNotice />}
    </>
  );
  return (
    <div className="map-box" onPointerDown={reach} onPointerOver={reach} onWheel={reach} onFocus={reach}>
      {webglMap
        ? (
          <MapBoundary fallback={failed}>
            <Suspense fallback={fallback}>
              <ShuttleMap {...props} />
            </Suspense>
          </MapBoundary>
        )
        : webglMap === false
        ? failed
        : fallback}
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

/** Keeps a failing map (chunk load, WebGL init) from taking the screen with it. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn("the map could not be drawn; showing the static map", error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
