/**
 * The no-show policy on the settings page: when a rider is warned,
 * when their requests pause, for how long, over how many days missed
 * pickups count, and how long a driver waits at the pickup before a no-show
 * (lib/no_show.ts, lib/no_show_wait.ts). Typed as text, checked on save.
 */
import { NO_SHOW_FIELDS, NO_SHOW_LIMITS, type NoShowPolicy } from "../../lib/no_show.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { useT } from "../texts.tsx";

export type NoShowDraft = Record<keyof NoShowPolicy, string>;

const LABELS: Record<keyof NoShowPolicy, Text> = {
  warnAt: "Warn at (no-shows)",
  suspendAt: "Pause at (no-shows)",
  suspendDays: "Pause days",
  windowDays: "Counting window (days)",
  waitMinutes: "Wait at the pickup (minutes)",
};

export function noShowDraft(policy: NoShowPolicy): NoShowDraft {
  return {
    warnAt: String(policy.warnAt),
    suspendAt: String(policy.suspendAt),
    suspendDays: String(policy.suspendDays),
    windowDays: String(policy.windowDays),
    waitMinutes: String(policy.waitMinutes),
  };
}

/** The draft as the PUT sends it: an empty or non-numeric field becomes NaN, which the check refuses. */
export function noShowBody(draft: NoShowDraft): NoShowPolicy {
  const n = (v: string) => (v.trim() === "" ? NaN : Number(v));
  return {
    warnAt: n(draft.warnAt),
    suspendAt: n(draft.suspendAt),
    suspendDays: n(draft.suspendDays),
    windowDays: n(draft.windowDays),
    waitMinutes: n(draft.waitMinutes),
  };
}

export function NoShowFields(
  { id, draft, onChange, invalid, describedBy }: {
    id: string;
    draft: NoShowDraft;
    onChange(draft: NoShowDraft): void;
    /** Whether the field (`noShow.warnAt`) holds the error on screen. */
    invalid(field: string): boolean;
    describedBy(field: string): string | undefined;
  },
) {
  const t = useT();
  return (
    <fieldset className="settings-form__group settings-form__no-show">
      <legend>{t("No-show policy")}</legend>
      <p className="muted">
        {t(
          "Missed pickups are counted over the counting window. At the warning count the rider is warned; at the pause count their ride requests stop for the pause days.",
        )}
      </p>
      {NO_SHOW_FIELDS.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-no-show-${name}`}>{t(LABELS[name])}</label>
          <input
            id={`${id}-no-show-${name}`}
            inputMode="numeric"
            min={NO_SHOW_LIMITS[name].min}
            max={NO_SHOW_LIMITS[name].max}
            value={draft[name]}
            aria-invalid={invalid(`noShow.${name}`)}
            aria-describedby={[describedBy(`noShow.${name}`), name === "waitMinutes" && `${id}-no-show-wait-hint`]
              .filter(Boolean).join(" ") || undefined}
            onChange={(e) => onChange({ ...draft, [name]: e.target.value })}
          />
          {name === "waitMinutes" && (
            <p id={`${id}-no-show-wait-hint`} className="muted">
              {t("A driver may mark a no-show only after waiting this long at the pickup.")}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}
