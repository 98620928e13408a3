/**
 * Rides per day as bars drawn on the server: each day's requests as
 * a pale bar with its completed rides in front in the dark blue. SVG
 * presentation attributes only (the CSP forbids inline styles). `width` is the
 * drawing's own width: the page draws a narrow one for phones and a wide one
 * for desks, so the labels stay readable at either size.
 */
import type { Report } from "../../lib/reports.ts";
import { weekdayOf } from "../../lib/reports.ts";
import { useT } from "../texts.tsx";
import { dayLabel, formatNumber, niceScale } from "./numbers.ts";

export const REQUESTED_FILL = "#93c5fd";
export const COMPLETED_FILL = "#1e3a8a";
const GRID = "#e2e8f0";
const LABEL = "#475569";

const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 24;
const LEFT = 34;
const RIGHT = 6;

/** Coordinates to a tenth of a unit: the page carries two drawings of up to 366 days. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** Which days get a label: every day when they fit, else Mondays, else the first of each month. */
function labelled(days: Report["byDay"], width: number): (date: string, i: number) => boolean {
  const room = (width - LEFT - RIGHT) / days.length;
  if (room >= 22) return () => true;
  if (room * 7 >= 30) return (date) => weekdayOf(date) === 0;
  return (date, i) => i === 0 || date.endsWith("-01");
}

export function DayBars({ days, width, labelId }: { days: Report["byDay"]; width: number; labelId: string }) {
  const t = useT();
  const { top, step } = niceScale(Math.max(0, ...days.map((d) => d.requested)));
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = (width - LEFT - RIGHT) / days.length;
  const y = (n: number) => tenth(TOP + plotH - (n / top) * plotH);
  const show = labelled(days, width);
  const first = days.findIndex((d, i) => show(d.date, i));
  const barW = tenth(Math.max(1, Math.min(28, slot * 0.72)));
  const innerW = tenth(Math.max(1, barW * 0.6));
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-labelledby={labelId}
      preserveAspectRatio="xMidYMid meet"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i}>
          <line x1={LEFT} x2={width - RIGHT} y1={y(i * step)} y2={y(i * step)} stroke={GRID} strokeWidth="1" />
          <text x={LEFT - 6} y={y(i * step) + 4} textAnchor="end" fontSize="11" fill={LABEL}>
            {formatNumber(t.lang, i * step)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const cx = tenth(LEFT + slot * i + slot / 2);
        const label = show(d.date, i) ? dayLabel(t.lang, d.date, i === first || d.date.endsWith("-01")) : null;
        return (
          <g key={d.date}>
            {d.requested > 0 && (
              <rect
                x={tenth(cx - barW / 2)}
                y={y(d.requested)}
                width={barW}
                height={tenth(y(0) - y(d.requested))}
                fill={REQUESTED_FILL}
              />
            )}
            {d.completed > 0 && (
              <rect
                x={tenth(cx - innerW / 2)}
                y={y(d.completed)}
                width={innerW}
                height={tenth(y(0) - y(d.completed))}
                fill={COMPLETED_FILL}
              />
            )}
            {label && <text x={cx} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill={LABEL}>{label}</text>}
          </g>
        );
      })}
      <line x1={LEFT} x2={width - RIGHT} y1={y(0)} y2={y(0)} stroke="#94a3b8" strokeWidth="1" />
    </svg>
  );
}
