/**
 * A GTFS table as text: the field names, then one line per row, each
 * ended by CRLF. Values follow the reference's file rules: quoted when they
 * hold a comma or a quote (lib/csv.ts `quoteField`), and with no tab or line
 * break (the reference forbids them in a value; a space stands in). Unlike
 * the trips export, no apostrophe is put before text that starts like a
 * formula: a feed is read by trip planners, and it would change the names.
 */
import { quoteField } from "../csv.ts";

export type Cell = string | number | null;

const BREAKS = /[\t\r\n]+/g;

function field(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  return quoteField(cell.replace(BREAKS, " ").trim());
}

/** The table with `header` and the rows, each row giving its cells in the header's order. */
export function table(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(",") + "\r\n").join("");
}
