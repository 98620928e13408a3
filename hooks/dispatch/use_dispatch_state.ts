/**
 * The dispatcher's console's state (islands/DispatchConsole.tsx): the fleet read from GET /{t}/api/dispatch/state,
 * read again on every message of the every-ride socket (`/{t}/ws/drivers?scope=all`: ride changes and the fleet's
 * moves), at most about twice a second, on each (re)open, and every 15 s (alerts grow with time); and the console's
 * actions, each one call of the dispatch API: assign or move a ride (a 409 naming a broken limit waits for "Assign
 * anyway", sent again with override), pin or unpin it, cancel it with a reason. One action at a time: the buttons
 * wait while it runs.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { assignCall, LimitError } from "../../browser/assign_call.ts";
import { type LiveState, useLiveSocket } from "../../browser/live_client.ts";
import type { FleetState } from "../../lib/fleet_view.ts";
import { useT } from "../../components/texts.tsx";
import { dispatchError } from "../../components/dispatch/texts.ts";
import type { RideProblem } from "../../components/dispatch/RideActions.tsx";

/** How long a burst of socket messages is gathered into one read. */
export const READ_AFTER_MS = 500;
/** The read that keeps time-based alerts true while nothing else happens. */
export const READ_EVERY_MS = 15_000;

/** A refused action, shown beside its ride (components/dispatch/RideActions.tsx). */
export interface Problem extends RideProblem {
  rideId: string;
}

/** The limits no override lifts (the server refuses them even then): no "Assign anyway" for them. */
const HARD_LIMITS = new Set(["seats", "wheelchairSpaces"]);

export interface DispatchConsoleState {
  state: FleetState | null;
  /** The first read failed (the text says why); a later read clears it. */
  error: string;
  live: LiveState;
  /** The ride an action is running for. */
  busy: string | null;
  problem: Problem | null;
  refresh(): Promise<void>;
  assign(rideId: string, vehicleId: string, override?: boolean): Promise<boolean>;
  pin(rideId: string, pinned: boolean): Promise<boolean>;
  cancel(rideId: string, reason: string): Promise<boolean>;
}

export function useDispatchState(tenant: string): DispatchConsoleState {
  const t = useT();
  const [state, setState] = useState<FleetState | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const busyRef = useRef(false);
  /** Bumped by each read: an older answer arriving late is dropped. */
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const base = `/${tenant}/api/dispatch`;

  const read = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const gen = ++generation.current;
    try {
      const next = await api<FleetState>(`${base}/state`, { tenant });
      if (gen !== generation.current) return;
      setState(next);
      setError("");
    } catch (err) {
      if (gen === generation.current) setError(dispatchError(err, t));
    }
  }, [base, tenant, t]);

  /** A read soon: the messages of a burst (a plan re-timed moves several rides) make one read. */
  const readSoon = useCallback(() => {
    if (timer.current === undefined) timer.current = setTimeout(read, READ_AFTER_MS);
  }, [read]);

  useEffect(() => {
    read();
    const every = setInterval(read, READ_EVERY_MS);
    return () => {
      clearInterval(every);
      clearTimeout(timer.current);
    };
  }, [read]);

  const { state: live } = useLiveSocket({ tenant, kind: "drivers", scope: "all", onMessage: readSoon, onOpen: read });

  /** Runs one action; false when it was refused (the problem says why) or another was running. */
  const run = useCallback(
    async (rideId: string, call: () => Promise<unknown>, onRefused?: (err: unknown) => Problem | null) => {
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(rideId);
      setProblem(null);
      try {
        await call();
        await read();
        return true;
      } catch (err) {
        setProblem(onRefused?.(err) ?? { rideId, text: dispatchError(err, t) });
        return false;
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    },
    [read, t],
  );

  const assign = useCallback((rideId: string, vehicleId: string, override = false) =>
    run(
      rideId,
      () => assignCall(tenant, rideId, { vehicleId, override }),
      (err) =>
        err instanceof LimitError
          ? {
            rideId,
            text: err.message,
            limit: { text: err.limit, vehicleId, overridable: !HARD_LIMITS.has(err.limitCode) },
          }
          : null,
    ), [run, tenant]);

  const pin = useCallback(
    (rideId: string, pinned: boolean) =>
      run(rideId, () => api(`${base}/rides/${rideId}/pin`, { method: "PUT", tenant, body: { pinned } })),
    [
      run,
      base,
      tenant,
    ],
  );

  const cancel = useCallback(
    (rideId: string, reason: string) =>
      run(rideId, () => api(`${base}/rides/${rideId}/cancel`, { method: "POST", tenant, body: { reason } })),
    [
      run,
      base,
      tenant,
    ],
  );

  return {
    state,
    error,
    live,
    busy,
    problem,
    refresh: read,
    assign,
    pin,
    cancel,
  };
}
