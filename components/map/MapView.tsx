/**
 * The map box the screens render. It reserves the map's space from the first
 * paint (map.css gives .map-box its height), shows the static map at once,
 * and swaps in the WebGL map once its chunk has loaded: React.lazy, started
 * from an effect, so the maplibre chunk and its worker load only on pages
 * with a map and only after the page has painted. If the WebGL map cannot run
 * (no WebGL, a chunk that fails to load), the static map stays: the area and
 * the pins are always on screen, and taps still pick points.
 */
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { StaticMap } from "./StaticMap.tsx";
import type { MapViewProps } from "./types.ts";

const ShuttleMap = lazy(() => import("./ShuttleMap.tsx"));

export function MapView(props: MapViewProps) {
  const [webglMap, setWebglMap] = useState(false);
  useEffect(() => {
    // After the first paint of the screen, not during hydration's own frame; only where WebGL can run.
    const frame = requestAnimationFrame(() => setWebglMap(webglAvailable()));
    return () => cancelAnimationFrame(frame);
  }, []);
  const fallback = <StaticMap {...props} />;
  return (
    <div className="map-box">
      {webglMap
        ? (
          <MapBoundary fallback={fallback}>
            <Suspense fallback={fallback}>
              <ShuttleMap {...props} />
            </Suspense>
          </MapBoundary>
        )
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
