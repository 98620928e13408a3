/**
 * What MapView loads once the person reaches for the map: the WebGL map
 * (ShuttleMap and MapLibre, one lazy chunk with this module) inside a
 * boundary that keeps a failing map (WebGL init, a style that throws) from
 * taking the screen with it: the static map stays, with the "Street map
 * unavailable" notice on a street style.
 */
import { Component, type ReactNode } from "react";
import ShuttleMap from "./ShuttleMap.tsx";
import type { MapViewProps } from "./types.ts";

export interface LiveMapProps extends MapViewProps {
  /** The static map, with the notice on a street style: where the WebGL map cannot run. */
  failed: ReactNode;
}

// The static map comes from MapView, which holds it anyway: this chunk imports none of the first view's modules, so
// the build does not split them into chunks of their own that the first load would pay for.
export default function LiveMap({ failed, ...props }: LiveMapProps) {
  return (
    <MapBoundary fallback={failed}>
      <ShuttleMap {...props} />
    </MapBoundary>
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
