/**
 * The rider's driver moves smoothly between location reports: on
 * the WebGL map the marker is walked from where it is drawn to the new point
 * over GLIDE_MS, one animation frame at a time (the static map does the same
 * with a CSS transition). With reduced motion asked for, it jumps.
 */
import { useEffect, useRef, useState } from "react";
import type { Point } from "../../lib/geo.ts";

/** A little under the 2 s between driver-location messages, so one glide ends before the next starts. */
export const GLIDE_MS = 1500;

/** The point `k` (0 to 1) of the way from `a` to `b`, eased in and out. */
export function between(a: Point, b: Point, k: number): Point {
  const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
  return { lat: a.lat + (b.lat - a.lat) * e, lng: a.lng + (b.lng - a.lng) * e };
}

function reducedMotion(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Where to draw a marker headed for `target` now. */
export function useGlide(target: Point, ms = GLIDE_MS): Point {
  const [shown, setShown] = useState(target);
  const drawn = useRef(target);
  useEffect(() => {
    const from = drawn.current;
    if (reducedMotion() || (from.lat === target.lat && from.lng === target.lng)) {
      drawn.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const k = Math.min(1, (now - start) / ms);
      drawn.current = between(from, target, k);
      setShown(drawn.current);
      if (k < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target.lat, target.lng, ms]);
  return shown;
}
