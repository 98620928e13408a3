/**
 * Requests by weekday and hour as a heat map drawn on the server:
 * seven rows, Monday first, of 24 hours; the darker the cell, the more
 * requests. `width` as in DayBars: a narrow drawing for phones, a wide one
 * for desks.
 */
import type { Text } from "../../lib/i18n/catalogue.ts";
import { useT } from "../texts.tsx";

/** Monday first, as byHour's rows. */
export const WEEKDAYS: readonly Text[] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** From none to the busiest hour: slate for none, then five blues. */
const EMPTY = "#f1f5f9";
export const SHADES = ["#dbeafe", "#93c5fd", "#3b82f6", "#1d4ed8", "#1e3a8a"];
const LABEL = "#475569";

/** The shade of `n` requests when the busiest cell holds `max`. */
export function shadeOf(n: number, max: number): string {
  if (n <= 0 || max <= 0) return EMPTY;
  return SHADES[Math.min(SHADES.length - 1, Math.ceil((n / max) * SHADES.length) - 1)];
}

const TOP = 6;
const BOTTOM = 20;
const LEFT = 36;
const tenth = (n: number) => Math.round(n * 10) / 10;

export function HourHeatMap({ byHour, width, labelId }: { byHour: number[][]; width: number; labelId: string }) {
  const t = useT();
  const max = Math.max(0, ...byHour.flat());
  const cell = tenth((width - LEFT) / 24);
  const row = Math.min(26, Math.max(14, cell));
  const height = tenth(TOP + row * 7 + BOTTOM);
  const every = cell >= 28 ? 2 : 3;
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={labelId}>
      {byHour.map((hours, day) => (
        <g key={day}>
          <text x={LEFT - 6} y={tenth(TOP + row * day + row / 2 + 4)} textAnchor="end" fontSize="11" fill={LABEL}>
            {t(WEEKDAYS[day])}
          </text>
          {hours.map((n, hour) => (
            <rect
              key={hour}
              x={tenth(LEFT + cell * hour + 1)}
              y={tenth(TOP + row * day + 1)}
              width={tenth(cell - 2)}
              height={tenth(row - 2)}
              rx="2"
              fill={shadeOf(n, max)}
            />
          ))}
        </g>
      ))}
      {Array.from({ length: 24 / every + 1 }, (_, i) => i * every).map((hour) => (
        <text
          key={hour}
          x={tenth(LEFT + cell * hour)}
          y={height - 5}
          textAnchor={hour === 0 ? "start" : hour === 24 ? "end" : "middle"}
          fontSize="11"
          fill={LABEL}
        >
          {String(hour).padStart(2, "0")}
        </text>
      ))}
    </svg>
  );
}
