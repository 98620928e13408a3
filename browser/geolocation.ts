/**
 * GPS through navigator.geolocation (spec sections 8, 9): high accuracy,
 * positions at most 15 s old, 27 s to answer, and the spec's error texts.
 * Browser-only: call from effects and handlers.
 */
import { useCallback, useEffect, useState } from "react";
import type { Point } from "../lib/geo.ts";
import type { Text } from "../lib/i18n/catalogue.ts";
import type { Translate } from "../lib/i18n/format.ts";

export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 15_000, timeout: 27_000 };

/** The rider screen's words when the browser has no geolocation. */
export const GEO_UNSUPPORTED_RIDER: Text = "Geolocation not supported by your browser.";
/** The driver screen's words for the same (spec section 8 lists both). */
export const GEO_UNSUPPORTED_DRIVER: Text = "Geolocation is not supported by this browser.";

/**
 * The spec's "Error getting location: " and the reason: in English the
 * browser's own message first; in another language our words for the error's
 * code first, since the browser writes in its own language, not the page's.
 */
export function locationErrorText(error: { message?: string; code?: number }, t: Translate): string {
  const ours = REASONS[error.code ?? 0];
  const reason = t.lang === "en" ? error.message || ours : ours && t(ours);
  return t("Error getting location: {reason}", { reason: reason || error.message || t("unknown error") });
}

const REASONS: Record<number, Text> = {
  1: "permission denied",
  2: "position unavailable",
  3: "timed out",
};

export function geolocationAvailable(): boolean {
  return typeof navigator !== "undefined" && "geolocation" in navigator && !!navigator.geolocation;
}

export interface LocationWatch {
  stop(): void;
}

/**
 * Watches the position: `onPoint` on each fix, `onError` with the spec's
 * text on each failure (the watch goes on: a timeout is often followed by a
 * fix). Without geolocation, `onError(unsupported)` once.
 */
export function watchLocation(
  onPoint: (point: Point, accuracy: number) => void,
  onError: (text: string) => void,
  unsupported: Text,
  t: Translate,
): LocationWatch {
  if (!geolocationAvailable()) {
    onError(t(unsupported));
    return { stop() {} };
  }
  const id = navigator.geolocation.watchPosition(
    (pos) => onPoint({ lat: pos.coords.latitude, lng: pos.coords.longitude }, pos.coords.accuracy),
    (err) => onError(locationErrorText(err, t)),
    GEO_OPTIONS,
  );
  return { stop: () => navigator.geolocation.clearWatch(id) };
}

/**
 * The device's position for a screen: the latest fix and the latest error
 * text (cleared by the next fix). `retry` starts a fresh watch, for a
 * "Find your location" button after a refusal or a timeout.
 */
export function useGeolocation(unsupported: Text, t: Translate, enabled = true) {
  const [point, setPoint] = useState<Point | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const watch = watchLocation(
      (p) => {
        setPoint((old) => (old && old.lat === p.lat && old.lng === p.lng ? old : p));
        setError(null);
      },
      setError,
      unsupported,
      t,
    );
    return () => watch.stop();
  }, [enabled, unsupported, t, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { point, error, retry };
}
