/**
 * Admin Schedule (spec section 2): the weekly timetable riders see
 * when no driver is online. Seven day rows, Sunday (0) to Saturday (6), each
 * with its slots (start and end time inputs, remove) and an add-slot button
 * (new slots 09:00-17:00). The editor checks with lib/schedule_rules.ts, the
 * module the server checks with, and shows each problem beside its slot
 * before anything is sent; "Save Schedule" sends PUT /{tenant}/api/admin/schedule,
 * with the dates marked closed (components/admin/ClosedDates.tsx).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { ClosedDates } from "../components/admin/ClosedDates.tsx";
import { scheduleSaveError } from "../components/admin/texts.ts";
import { Loading } from "../components/Guard.tsx";
import { ScheduleList } from "../components/ScheduleList.tsx";
import { useT } from "../components/texts.tsx";
import { api, getToken, useSignedIn } from "../browser/auth_client.ts";
import { checkSchedule, DAY_KEYS, DAY_NAMES, type ScheduleIssue } from "../lib/schedule_rules.ts";
import type { Text } from "../lib/i18n/catalogue.ts";
import type { Schedule } from "../lib/schemas.ts";

export interface AdminScheduleProps {
  tenant: string;
}

/** A slot as the editor holds it (spec section 3: id, startTime, endTime). */
export interface EditorSlot {
  id: string;
  startTime: string;
  endTime: string;
}
type Week = EditorSlot[][];

export const NEW_SLOT = { startTime: "09:00", endTime: "17:00" } as const;
export const SAVED: Text = "Schedule saved successfully!";
export const SIGNED_OUT: Text = "Please log in to manage schedules.";
export const LOAD_FAILED: Text =
  "The saved schedule could not be loaded, so every day shows empty. Saving would replace it.";
export const FIX_FIRST: Text = "Please fix the problems marked above before saving.";

let nextId = 0;
const slotId = () => `slot-${++nextId}`;

function toWeek(schedule: Schedule | null | undefined): Week {
  return DAY_KEYS.map((key) =>
    (schedule?.[key] ?? []).map((s) => ({ id: slotId(), startTime: s.start, endTime: s.end }))
  );
}

function toSchedule(week: Week): Schedule {
  const out: Schedule = {};
  week.forEach((slots, day) => out[DAY_KEYS[day]] = slots.map((s) => ({ start: s.startTime, end: s.endTime })));
  return out;
}

export default function AdminSchedule({ tenant }: AdminScheduleProps) {
  return <AdminGuard tenant={tenant}>{() => <ScheduleScreen tenant={tenant} />}</AdminGuard>;
}

function ScheduleScreen({ tenant }: { tenant: string }) {
  const t = useT();
  const id = useDomId();
  const signedIn = useSignedIn();
  const [week, setWeek] = useState<Week>(() => toWeek(null));
  const [closedDates, setClosedDates] = useState<string[]>([]);
  const [phase, setPhase] = useState<"loading" | "ready">("loading");
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const load = useCallback(async ({ quiet = false } = {}) => {
    if (!quiet) setPhase("loading");
    try {
      const data = await api<{ schedule?: Schedule | null; closedDates?: string[] }>(`/${tenant}/api/schedule`, {
        tenant,
      });
      setWeek(toWeek(data?.schedule));
      setClosedDates(data?.closedDates ?? []);
      setLoadFailed(false);
    } catch {
      // Spec section 8: a load failure shows empty days.
      if (!quiet) {
        setWeek(toWeek(null));
        setLoadFailed(true);
      }
    }
    setPhase("ready");
  }, [tenant]);

  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, load]);

  const schedule = useMemo(() => toSchedule(week), [week]);
  const issues = useMemo(() => {
    const result = checkSchedule(schedule, t);
    return result.ok ? [] : result.issues;
  }, [schedule, t]);

  if (!signedIn) return <p className="guard-message notice notice--error" role="alert">{t(SIGNED_OUT)}</p>;

  const edit = (day: number, change: (slots: EditorSlot[]) => EditorSlot[]) => {
    setMessage(null);
    setWeek((w) => w.map((slots, d) => (d === day ? change(slots) : slots)));
  };

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setMessage(null);
    if (issues.length > 0) {
      setAttempted(true);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (!getToken()) return;
    setSaving(true);
    try {
      await api(`/${tenant}/api/admin/schedule`, { method: "PUT", body: { schedule, closedDates }, tenant });
      setMessage({ kind: "success", text: t(SAVED) });
      setAttempted(false);
      await load({ quiet: true });
    } catch (err) {
      setMessage({ kind: "error", text: scheduleSaveError(err, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <AdminNav tenant={tenant} current="schedule" />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t("Schedule")}</h1>
      </div>
      <p className="muted">
        {t(
          "Riders see this weekly timetable when no driver is online. Each slot ends after it starts, on the same day, and the slots of a day may not overlap.",
        )}
      </p>
      {phase === "loading"
        ? <Loading text={t("Loading schedule...")} />
        : (
          <form ref={formRef} className="schedule-editor" onSubmit={save} noValidate>
            <div className="schedule-editor__days">
              {loadFailed && <p className="notice notice--error" role="alert">{t(LOAD_FAILED)}</p>}
              <ol className="day-rows">
                {week.map((slots, day) => (
                  <DayRow
                    key={day}
                    day={day}
                    slots={slots}
                    issues={issues.filter((i) => i.day === day)}
                    onChange={(change) => edit(day, change)}
                  />
                ))}
              </ol>
              <ClosedDates
                dates={closedDates}
                onChange={(dates) => {
                  setMessage(null);
                  setClosedDates(dates);
                }}
              />
              {issues.some((i) => i.day === null) && (
                <ul className="field-errors" role="alert">
                  {issues.filter((i) => i.day === null).map((i) => <li key={i.message}>{i.message}</li>)}
                </ul>
              )}
            </div>
            <div className="schedule-editor__side">
              <div className="schedule-editor__save">
                {attempted && issues.length > 0 && <p className="notice notice--error" role="alert">{t(FIX_FIRST)}</p>}
                {message && (
                  <p
                    className={`notice notice--${message.kind}`}
                    role={message.kind === "error" ? "alert" : "status"}
                  >
                    {message.text}
                  </p>
                )}
                <button type="submit" className="button button--large" disabled={saving}>
                  {saving ? t("Saving...") : t("Save Schedule")}
                </button>
              </div>
              <section className="schedule-editor__preview" aria-labelledby={`${id}-preview`}>
                <h2 id={`${id}-preview`}>{t("What riders see")}</h2>
                {issues.length > 0
                  ? <p className="muted">{t("Shown once every slot is valid.")}</p>
                  : <ScheduleList schedule={schedule} />}
              </section>
            </div>
          </form>
        )}
    </section>
  );
}

function DayRow(
  { day, slots, issues, onChange }: {
    day: number;
    slots: EditorSlot[];
    issues: ScheduleIssue[];
    onChange: (change: (slots: EditorSlot[]) => EditorSlot[]) => void;
  },
) {
  const t = useT();
  const name = t(DAY_NAMES[day]);
  const headingId = useDomId();
  const dayIssues = issues.filter((i) => i.slot === null);
  const set = (id: string, field: "startTime" | "endTime", value: string) =>
    onChange((list) => list.map((s) => (s.id === id ? { ...s, [field]: value } : s)));
  return (
    <li className="day-row" aria-labelledby={headingId}>
      <div className="day-row__head">
        <h2 className="day-row__name" id={headingId}>{name}</h2>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t("Add time slot to {day}", { day: name })}
          onClick={() => onChange((list) => [...list, { id: slotId(), ...NEW_SLOT }])}
        >
          <span aria-hidden="true">+</span> {t("Add slot")}
        </button>
      </div>
      {slots.length === 0 ? <p className="day-row__empty">{t("No time slots")}</p> : (
        <ul className="slots">
          {slots.map((slot, index) => {
            const mine = issues.filter((i) => i.slot === index);
            const errorId = `${slot.id}-errors`;
            const invalid = (field: "start" | "end") => mine.some((i) => i.field === field || i.field === null);
            const label = t("{day} slot {number}", { day: name, number: index + 1 });
            const timeField = (field: "start" | "end", text: string, ariaLabel: string) => (
              <label className="slot__field">
                <span className="slot__label">{text}</span>
                <input
                  type="time"
                  value={field === "start" ? slot.startTime : slot.endTime}
                  aria-label={ariaLabel}
                  aria-invalid={invalid(field)}
                  aria-describedby={mine.length ? errorId : undefined}
                  onChange={(e) => set(slot.id, field === "start" ? "startTime" : "endTime", e.target.value)}
                />
              </label>
            );
            return (
              <li key={slot.id} className="slot">
                <div className="slot__times">
                  {timeField("start", t("Start"), t("{slot} start time", { slot: label }))}
                  <span className="slot__dash" aria-hidden="true">–</span>
                  {timeField("end", t("End"), t("{slot} end time", { slot: label }))}
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    aria-label={t("Remove {slot}", { slot: label })}
                    title={t("Remove slot")}
                    onClick={() => onChange((list) => list.filter((s) => s.id !== slot.id))}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                    </svg>
                  </button>
                </div>
                {mine.length > 0 && (
                  <ul className="field-errors" id={errorId}>
                    {mine.map((i) => <li key={i.message}>{i.message}</li>)}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {dayIssues.length > 0 && (
        <ul className="field-errors">
          {dayIssues.map((i) => <li key={i.message}>{i.message}</li>)}
        </ul>
      )}
    </li>
  );
}
