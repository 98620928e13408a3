/** The weekly shuttle schedule as a rider reads it (spec section 5); the grouping lives in lib/schedule_display.ts. */
import { groupSchedule, NO_SCHEDULE, NO_SERVICE } from "../lib/schedule_display.ts";
import type { Schedule } from "../lib/schemas.ts";
import { useT } from "./texts.tsx";

export function ScheduleList({ schedule }: { schedule: Schedule | null | undefined }) {
  const t = useT();
  const rows = groupSchedule(schedule, t);
  if (rows.length === 0) return <p className="schedule__empty">{t(NO_SCHEDULE)}</p>;
  return (
    <dl className="schedule">
      {rows.map((row) => (
        <div key={row.from} className={row.slots.length ? "schedule__row" : "schedule__row schedule__row--off"}>
          <dt>
            <abbr title={row.daysLong}>{row.days}</abbr>
          </dt>
          {row.slots.length === 0 ? <dd>{t(NO_SERVICE)}</dd> : row.slots.map((slot) => <dd key={slot}>{slot}</dd>)}
        </div>
      ))}
    </dl>
  );
}
