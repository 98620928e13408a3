/**
 * What a dispatcher does to one ride: assign it to a vehicle (a queued ride) or move it to another (a planned one),
 * pin or unpin it (planned), cancel it with a reason the rider is told. A refusal shows under the ride; one naming a
 * limit the dispatcher may overrule offers "Assign anyway", which sends the same vehicle again with override. While
 * any action runs, every button waits (a double click sends one call).
 */
import { type FormEvent, useState } from "react";
import type { FleetVehicle } from "../../lib/fleet_view.ts";
import type { Ride } from "../../lib/rides.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

/** A refusal of an action on this ride; `limit` when it named a broken limit, `overridable` when "Assign anyway" may lift it. */
export interface RideProblem {
  text: string;
  limit?: { text: string; vehicleId: string; overridable: boolean };
}

export interface RideActionsProps {
  ride: Ride;
  /** The online vehicles the ride may go to. */
  vehicles: readonly FleetVehicle[];
  /** The vehicle holding the ride now (a planned ride); absent for a queued one. */
  holder?: string;
  /** Some action is running: every button waits. */
  busy: boolean;
  problem: RideProblem | null;
  onAssign(vehicleId: string, override?: boolean): void;
  onPin?(pinned: boolean): void;
  onCancel(reason: string): Promise<boolean>;
}

export const REASON_MAX = 200;

export function RideActions({ ride, vehicles, holder, busy, problem, onAssign, onPin, onCancel }: RideActionsProps) {
  const t = useT();
  const selectId = useDomId();
  const reasonId = useDomId();
  const choices = vehicles.filter((v) => v.vehicle.id !== holder);
  const [chosen, setChosen] = useState("");
  const target = choices.some((v) => v.vehicle.id === chosen) ? chosen : choices[0]?.vehicle.id ?? "";
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState("");

  async function submitCancel(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(t("Please give a reason: the rider is told it."));
      return;
    }
    setReasonError("");
    if (await onCancel(reason.trim())) {
      setCanceling(false);
      setReason("");
    }
  }

  return (
    <div className="dispatch-actions">
      {choices.length > 0 && (
        <div className="dispatch-actions__row">
          <label htmlFor={selectId}>{t(holder ? "Move to" : "Assign to")}</label>
          <select id={selectId} value={target} onChange={(e) => setChosen(e.target.value)} disabled={busy}>
            {choices.map((v) => <option key={v.vehicle.id} value={v.vehicle.id}>{v.vehicle.name}</option>)}
          </select>
          <button type="button" className="button" disabled={busy || !target} onClick={() => onAssign(target)}>
            {t(holder ? "Move" : "Assign")}
          </button>
        </div>
      )}
      <div className="dispatch-actions__row">
        {onPin && (
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={ride.pinned === true}
            disabled={busy}
            onClick={() => onPin(!ride.pinned)}
          >
            {t(ride.pinned ? "Unpin" : "Pin to vehicle")}
          </button>
        )}
        {!canceling && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setCanceling(true)}
          >
            {t("Cancel ride")}
          </button>
        )}
      </div>
      {canceling && (
        <form className="dispatch-cancel" onSubmit={submitCancel} noValidate>
          <label htmlFor={reasonId}>{t("Reason (the rider is told)")}</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={REASON_MAX}
            rows={2}
            required
            aria-invalid={reasonError ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError && <p className="field__error" role="alert">{reasonError}</p>}
          <div className="dispatch-actions__row">
            <button type="submit" className="button button--danger" disabled={busy}>{t("Cancel ride")}</button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setCanceling(false)}
            >
              {t("Keep ride")}
            </button>
          </div>
        </form>
      )}
      {problem && (
        <div className="notice notice--error dispatch-problem" role="alert">
          <p>{problem.text}</p>
          {problem.limit && <p>{problem.limit.text}</p>}
          {problem.limit?.overridable && (
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => onAssign(problem.limit!.vehicleId, true)}
            >
              {t("Assign anyway")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
