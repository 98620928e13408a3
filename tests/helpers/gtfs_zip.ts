/**
 * A GTFS zip read back as a trip planner reads it, with libraries of its
 * own: fflate unzips, csv-parse reads each table (RFC 4180, a BOM allowed).
 */
import { unzipSync } from "fflate";
import { parse } from "csv-parse/sync";

export interface GtfsZip {
  /** The entries' names, as they are in the zip (a folder would show in the name). */
  names: string[];
  /** A table's field names, in order. */
  header(name: string): string[];
  /** A table's rows, by field name. */
  rows(name: string): Record<string, string>[];
  /** A file's text. */
  text(name: string): string;
}

export function readGtfsZip(bytes: Uint8Array): GtfsZip {
  const entries = unzipSync(bytes);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const text = (name: string) => {
    const entry = entries[name];
    if (!entry) throw new Error(`${name} is not in the zip`);
    return decoder.decode(entry);
  };
  return {
    names: Object.keys(entries).sort(),
    header: (name) => (parse(text(name), { bom: true, to_line: 1 }) as string[][])[0] ?? [],
    rows: (name) => parse(text(name), { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[],
    text,
  };
}
