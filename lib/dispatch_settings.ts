/**
 * How an organisation dispatches: drivers choose from the list ("drivers", the
 * default, so a tenant that never set it behaves as it always did), or the
 * dispatcher assigns each ride to a vehicle's plan ("automatic",
 * domain/dispatch/). The promise the dispatcher keeps to every rider is here
 * too: the longest wait for a ride asked now, and the longest time aboard
 * (factor × the direct trip + extra minutes). Shared by the server's rules
 * (lib/tenant_settings.ts) and the settings page.
 */
import type { Text } from "./i18n/catalogue.ts";

export type DispatchMode = "drivers" | "automatic";
export const DISPATCH_MODES: readonly DispatchMode[] = ["drivers", "automatic"];

export interface DispatchSettings {
  dispatchMode: DispatchMode;
  /** A ride for now is picked up within this many minutes of its request. */
  maxWaitMinutes: number;
  /** No rider is aboard longer than maxRideFactor × their direct trip + maxRideExtraMinutes. */
  maxRideFactor: number;
  maxRideExtraMinutes: number;
  /** Off: a vehicle carries one ride at a time, even in automatic mode. */
  pooling: boolean;
}

export const DISPATCH_LIMITS = {
  maxWaitMinutes: { min: 5, max: 60 },
  maxRideFactor: { min: 1, max: 3 },
  maxRideExtraMinutes: { min: 0, max: 60 },
} as const;

export const DEFAULT_DISPATCH: DispatchSettings = {
  dispatchMode: "drivers",
  maxWaitMinutes: 15,
  maxRideFactor: 1.5,
  maxRideExtraMinutes: 10,
  pooling: true,
};

export const DISPATCH_FIELDS = [
  "dispatchMode",
  "maxWaitMinutes",
  "maxRideFactor",
  "maxRideExtraMinutes",
  "pooling",
] as const;

export const DISPATCH_MODE_TEXT: Text = "Dispatch must be drivers or automatic";
export const MAX_WAIT_TEXT: Text = "Longest wait must be a whole number from {min} to {max} minutes";
export const MAX_RIDE_FACTOR_TEXT: Text = "Ride time factor must be a number from {min} to {max}";
export const MAX_RIDE_EXTRA_TEXT: Text = "Extra ride minutes must be a whole number from {min} to {max}";
export const POOLING_TEXT: Text = "Shared rides must be on or off";

export type DispatchRead =
  | { ok: true; value: Partial<DispatchSettings> }
  | { ok: false; field: string; text: Text; values?: Record<string, number> };

/** The dispatch fields `body` sends (any subset; absent ones untouched), checked. */
export function readDispatch(body: Record<string, unknown>): DispatchRead {
  const value: Partial<DispatchSettings> = {};
  if (body.dispatchMode !== undefined) {
    const mode = DISPATCH_MODES.find((m) => m === body.dispatchMode);
    if (!mode) return { ok: false, field: "dispatchMode", text: DISPATCH_MODE_TEXT };
    value.dispatchMode = mode;
  }
  const wholes = [["maxWaitMinutes", MAX_WAIT_TEXT], ["maxRideExtraMinutes", MAX_RIDE_EXTRA_TEXT]] as const;
  for (const [field, text] of wholes) {
    const n = body[field];
    if (n === undefined) continue;
    const { min, max } = DISPATCH_LIMITS[field];
    if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max) {
      return { ok: false, field, text, values: { min, max } };
    }
    value[field] = n;
  }
  if (body.maxRideFactor !== undefined) {
    const n = body.maxRideFactor;
    const { min, max } = DISPATCH_LIMITS.maxRideFactor;
    if (typeof n !== "number" || !Number.isFinite(n) || n < min || n > max) {
      return { ok: false, field: "maxRideFactor", text: MAX_RIDE_FACTOR_TEXT, values: { min, max } };
    }
    // Tenths are what a person sets and reads ("1.5"); finer steps change no promise anyone notices.
    value.maxRideFactor = Math.round(n * 10) / 10;
  }
  if (body.pooling !== undefined) {
    if (typeof body.pooling !== "boolean") return { ok: false, field: "pooling", text: POOLING_TEXT };
    value.pooling = body.pooling;
  }
  return { ok: true, value };
}
