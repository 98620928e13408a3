/**
 * How the organisation dispatches, on the settings page: drivers choose
 * from the list, or the dispatcher assigns each request to a vehicle; the
 * longest wait; the longest time aboard (factor × the direct trip + extra
 * minutes); shared rides on or off (lib/dispatch_settings.ts). Automatic
 * dispatch with no vehicles assigns rides to no one: the page says so and
 * links the Vehicles page.
 */
import { type DispatchMode, type DispatchSettings } from "../../lib/dispatch_settings.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { useT } from "../texts.tsx";

/** The numbers as typed: strings until sent. */
export interface DispatchDraft {
  dispatchMode: DispatchMode;
  maxWaitMinutes: string;
  maxRideFactor: string;
  maxRideExtraMinutes: string;
  pooling: boolean;
}

const MODES: { value: DispatchMode; label: Text; hint: Text }[] = [
  {
    value: "drivers",
    label: "Drivers choose",
    hint: "Drivers see the waiting requests and accept the ones they take.",
  },
  {
    value: "automatic",
    label: "Automatic",
    hint: "Each request goes at once to the vehicle that can fit it into its run at the least cost.",
  },
];

const NUMBERS: { name: "maxWaitMinutes" | "maxRideFactor" | "maxRideExtraMinutes"; label: Text; hint: Text }[] = [
  {
    name: "maxWaitMinutes",
    label: "Longest wait (minutes)",
    hint: "A ride asked for now is picked up within this many minutes, or the rider is told no shuttle can come.",
  },
  {
    name: "maxRideFactor",
    label: "Ride time factor",
    hint: "No rider is aboard longer than this many times their direct trip, plus the extra minutes.",
  },
  {
    name: "maxRideExtraMinutes",
    label: "Extra ride minutes",
    hint: "Added to every rider's limit, so a short trip still has room for a stop on the way.",
  },
];

export function dispatchDraft(s: DispatchSettings): DispatchDraft {
  return {
    dispatchMode: s.dispatchMode,
    maxWaitMinutes: String(s.maxWaitMinutes),
    maxRideFactor: String(s.maxRideFactor),
    maxRideExtraMinutes: String(s.maxRideExtraMinutes),
    pooling: s.pooling,
  };
}

/** The draft as the PUT sends it: an empty or non-numeric field becomes NaN, which the check refuses. */
export function dispatchBody(d: DispatchDraft): DispatchSettings {
  const n = (v: string) => (v.trim() === "" ? NaN : Number(v));
  return {
    dispatchMode: d.dispatchMode,
    maxWaitMinutes: n(d.maxWaitMinutes),
    maxRideFactor: n(d.maxRideFactor),
    maxRideExtraMinutes: n(d.maxRideExtraMinutes),
    pooling: d.pooling,
  };
}

export function DispatchFields(
  { id, tenant, draft, vehicles, onChange, invalid, describedBy }: {
    id: string;
    tenant: string;
    draft: DispatchDraft;
    /** How many vehicles the tenant has; null until known. */
    vehicles: number | null;
    onChange(draft: DispatchDraft): void;
    /** Whether the field holds the error on screen. */
    invalid(field: string): boolean;
    describedBy(field: string): string | undefined;
  },
) {
  const t = useT();
  const hinted = (field: string, hint: string) => [describedBy(field), hint].filter(Boolean).join(" ");
  return (
    <fieldset className="settings-form__group">
      <legend>{t("Dispatch")}</legend>
      <p className="muted">{t("The wait and ride limits are what automatic dispatch promises every rider.")}</p>
      <div role="radiogroup" aria-label={t("How rides are dispatched")} aria-invalid={invalid("dispatchMode")}>
        {MODES.map((mode) => (
          <div key={mode.value} className="settings-form__option">
            <label className="settings-form__choice">
              <input
                type="radio"
                name={`${id}-dispatch`}
                value={mode.value}
                checked={draft.dispatchMode === mode.value}
                aria-describedby={`${id}-dispatch-${mode.value}`}
                onChange={() => onChange({ ...draft, dispatchMode: mode.value })}
              />
              {t(mode.label)}
            </label>
            <p id={`${id}-dispatch-${mode.value}`} className="muted">{t(mode.hint)}</p>
          </div>
        ))}
      </div>
      {draft.dispatchMode === "automatic" && vehicles === 0 && (
        <p className="notice notice--warning" role="status">
          {t("With no vehicles, automatic dispatch assigns rides to no one.")}{" "}
          <a href={`/${tenant}/admin/vehicles`}>{t("Add vehicles")}</a>
        </p>
      )}
      {NUMBERS.map(({ name, label, hint }) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>{t(label)}</label>
          <input
            id={`${id}-${name}`}
            inputMode={name === "maxRideFactor" ? "decimal" : "numeric"}
            value={draft[name]}
            aria-invalid={invalid(name)}
            aria-describedby={hinted(name, `${id}-${name}-hint`)}
            onChange={(e) => onChange({ ...draft, [name]: e.target.value })}
          />
          <p id={`${id}-${name}-hint`} className="muted settings-form__hint">{t(hint)}</p>
        </div>
      ))}
      <div className="settings-form__option">
        <label className="settings-form__choice">
          <input
            type="checkbox"
            checked={draft.pooling}
            aria-invalid={invalid("pooling")}
            aria-describedby={hinted("pooling", `${id}-pooling-hint`)}
            onChange={(e) => onChange({ ...draft, pooling: e.target.checked })}
          />
          {t("Shared rides")}
        </label>
        <p id={`${id}-pooling-hint`} className="muted">
          {t("On, a vehicle carries riders going the same way together. Off, one ride at a time.")}
        </p>
      </div>
    </fieldset>
  );
}
