/**
 * What MapView loads once the person reaches for the map: the WebGL map
 * (ShuttleMap and MapLibre, one lazy chunk with this module) inside a
 * boundary that keeps a failing map (WebGL init, a style that throws) from
 * taking the screen with it: the static map stays, with the "Street map
 * unavailable" notice on a street style.
 */
import { Component, type ReactNode, useEffect, useRef } from "react";
import ShuttleMap from "./ShuttleMap.tsx";
import type { MapViewProps } from "./types.ts";

export interface LiveMapProps extends MapViewProps {
  /** The static map, with the notice on a street style: where the WebGL map cannot run. */
  failed: ReactNode;
  /** The keyboard reached for the map: focus moves on to the WebGL map (its canvas pans and zooms with the keys). */
  focus?: boolean;
}

// The static map comes from MapView, which holds it anyway: this chunk imports none of the first view's modules, so
// the build does not split them into chunks of their own that the first load would pay for.
export default function LiveMap({ failed, focus = false, ...props }: LiveMapProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    // MapLibre makes its canvas in an effect of its own: wait for it, a second at most.
    let frame = 0;
    let tries = 60;
    const find = () => {
      const canvas = box.current?.querySelector<HTMLElement>(".maplibregl-canvas");
      if (canvas) canvas.focus();
      else if (tries-- > 0) frame = requestAnimationFrame(find);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [focus]);
  return (
    <div ref={box} className="map-live">
      <MapBoundary fallback={failed}>
        <ShuttleMap {...props} />
      </MapBoundary>
    </div>
  );
}

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
