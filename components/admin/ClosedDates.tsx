/**
 * The dates an admin marks closed (holidays), beside the weekly timetable:
 * no service on them, whatever the week says (lib/booking.ts dateSlots), so
 * riders cannot book them and standing rides skip them. Saved with the
 * schedule; the list is checked by lib/schedule_rules.ts checkClosedDates.
 */
import { useState } from "react";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";
import { dateText, isDate } from "../../lib/dates.ts";

export function ClosedDates({ dates, onChange }: { dates: string[]; onChange: (dates: string[]) => void }) {
  const t = useT();
  const id = useDomId();
  const [draft, setDraft] = useState("");
  const add = () => {
    if (!isDate(draft)) return;
    onChange([...new Set([...dates, draft])].sort());
    setDraft("");
  };
  return (
    <section className="closed-dates" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Closed dates")}</h2>
      <p className="muted">
        {t(
          "No service on these dates, whatever the weekly timetable says. Riders cannot book them, and standing rides skip them.",
        )}
      </p>
      <div className="closed-dates__add">
        <label className="slot__field">
          <span className="slot__label">{t("Closed date")}</span>
          <input type="date" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={!isDate(draft)}
          onClick={add}
        >
          {t("Add closed date")}
        </button>
      </div>
      {dates.length === 0
        ? <p className="day-row__empty">{t("No closed dates")}</p>
        : (
          <ul className="closed-dates__list">
            {dates.map((date) => {
              const text = dateText(date, t.lang);
              return (
                <li key={date} className="closed-dates__item">
                  <span>{text}</span>
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    aria-label={t("Remove {date}", { date: text })}
                    onClick={() => onChange(dates.filter((d) => d !== date))}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
    </section>
  );
}
