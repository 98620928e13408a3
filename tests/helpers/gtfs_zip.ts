/**
 * A GTFS zip read back as a trip planner reads it, with libraries of its
 * own: fflate unzips, csv-parse reads each table (RFC 4180, a BOM allowed),
 * and gtfs-utils (a GTFS toolkit) turns calendar.txt into the dates each
 * service runs.
 */
import { Readable } from "node:stream";
import { unzipSync } from "fflate";
import { parse } from "csv-parse/sync";
import readCsv from "gtfs-utils/read-csv.js";
import readServicesAndExceptions from "gtfs-utils/read-services-and-exceptions.js";

export interface GtfsZip {
  /** The entries' names, as they are in the zip (a folder would show in the name). */
  names: string[];
  /** A table's field names, in order. */
  header(name: string): string[];
  /** A table's rows, by field name. */
  rows(name: string): Record<string, string>[];
  /** A file's text. */
  text(name: string): string;
  /** Each service's dates ("YYYY-MM-DD"), as gtfs-utils reads calendar.txt (and calendar_dates.txt, when there). */
  serviceDates(timezone: string): Promise<Map<string, string[]>>;
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
    async serviceDates(timezone) {
      const readFile = (table: string) => {
        const name = `${table}.txt`;
        if (!entries[name]) return Promise.reject(Object.assign(new Error(`no ${name}`), { code: "ENOENT" }));
        return readCsv(Readable.from([text(name)]));
      };
      const out = new Map<string, string[]>();
      const services: AsyncIterable<[string, string[]]> = readServicesAndExceptions(readFile, timezone);
      for await (const [id, dates] of services) out.set(id, dates);
      return out;
    },
  };
}
