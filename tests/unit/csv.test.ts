/**
 * The CSV writer (lib/csv.ts), ISO times with the zone's offset
 * (lib/zoned_iso.ts) and the trips screen's range (lib/trips_csv_range.ts).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { csvField, csvRow, csvStream } from "../../lib/csv.ts";
import { isoInZone } from "../../lib/zoned_iso.ts";
import { firstUlidAt, ulid, ulidTime } from "../../lib/ids.ts";
import { lastDays, tripsCsvPath } from "../../lib/trips_csv_range.ts";
import { parseCsv } from "../helpers/csv_parse.ts";

async function* rowsOf(rows: string[][]) {
  for (const row of rows) yield row;
}

describe("csv writer", () => {
  it("quotes only fields that need it and doubles their quotes", () => {
    expect(csvRow(["plain", 'say "hi"', "a,b", "two\nlines", "cr\rhere", "", null, undefined, 3])).toBe(
      'plain,"say ""hi""","a,b","two\nlines","cr\rhere",,,,3\r\n',
    );
  });

  it("escapes text a spreadsheet would run as a formula, and leaves numbers as numbers", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
    expect(csvField("a=1")).toBe("a=1");
    expect(csvField(-82.2271)).toBe("-82.2271");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("round-trips any text through an RFC 4180 reader (formula-like text keeps an apostrophe in front)", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 6 })), (rows) => {
        const text = rows.map(csvRow).join("");
        const back = parseCsv(text);
        expect(back).toEqual(rows.map((row) => row.map((cell) => /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      }),
    );
  });

  it("streams the header first, then the rows, in UTF-8", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => [`Ride ${i}`, `Zoë, ${i}`]);
    const text = await new Response(csvStream(["name", "note"], rowsOf(rows), 100)).text();
    expect(parseCsv(text)).toEqual([["name", "note"], ...rows]);
    expect(await new Response(csvStream(["only"], rowsOf([]))).text()).toBe("only\r\n");
  });

  it("reads rows only as the reader takes them, and stops reading when it is cancelled", async () => {
    let read = 0;
    async function* counted() {
      try {
        for (let i = 0; i < 10_000; i++) {
          read++;
          yield [String(i)];
        }
      } finally {
        read = -read;
      }
    }
    const reader = csvStream(["n"], counted(), 50).getReader();
    await reader.read();
    // The first chunk and the one the queue holds: two batches, not the ten thousand rows.
    expect(read).toBeLessThanOrEqual(100);
    await reader.cancel();
    expect(read).toBeLessThan(0);
  });
});

describe("isoInZone", () => {
  it("writes the zone's offset at that moment, on both sides of a daylight-saving change", () => {
    const ny = "America/New_York";
    expect(isoInZone(Date.UTC(2026, 10, 26, 14, 30), ny)).toBe("2026-11-26T09:30:00-05:00");
    expect(isoInZone(Date.UTC(2026, 6, 1, 13, 30, 15, 999), ny)).toBe("2026-07-01T09:30:15-04:00");
    // 2026-03-08: 01:59:59 EST, then 03:00:00 EDT.
    expect(isoInZone(Date.UTC(2026, 2, 8, 6, 59, 59), ny)).toBe("2026-03-08T01:59:59-05:00");
    expect(isoInZone(Date.UTC(2026, 2, 8, 7, 0, 0), ny)).toBe("2026-03-08T03:00:00-04:00");
    // 2026-11-01: 01:30 happens twice, first EDT then EST.
    expect(isoInZone(Date.UTC(2026, 10, 1, 5, 30), ny)).toBe("2026-11-01T01:30:00-04:00");
    expect(isoInZone(Date.UTC(2026, 10, 1, 6, 30), ny)).toBe("2026-11-01T01:30:00-05:00");
  });

  it("writes midnight as 00, half-hour offsets, east of Greenwich and UTC itself", () => {
    expect(isoInZone(Date.UTC(2026, 0, 5, 5, 0), "America/New_York")).toBe("2026-01-05T00:00:00-05:00");
    expect(isoInZone(Date.UTC(2026, 0, 5, 12, 0), "Asia/Kolkata")).toBe("2026-01-05T17:30:00+05:30");
    expect(isoInZone(Date.UTC(2026, 0, 5, 12, 0), "Europe/Madrid")).toBe("2026-01-05T13:00:00+01:00");
    expect(isoInZone(Date.UTC(2026, 0, 5, 12, 0), "UTC")).toBe("2026-01-05T12:00:00+00:00");
  });

  it("shows the zone's own wall clock, also in an hour when the offset changes at half past (Newfoundland)", () => {
    const wall = (ms: number, timeZone: string) =>
      new Date(Math.floor(ms / 1000) * 1000).toLocaleString("sv-SE", { timeZone }).replace(" ", "T");
    // 2026-03-08 02:00 NST is 05:30 UTC: every 30 seconds from 04:00 to 07:00 UTC.
    for (let ms = Date.UTC(2026, 2, 8, 4, 0); ms <= Date.UTC(2026, 2, 8, 7, 0); ms += 30_000) {
      expect(isoInZone(ms, "America/St_Johns").slice(0, 19)).toBe(wall(ms, "America/St_Johns"));
    }
    expect(isoInZone(Date.UTC(2026, 2, 8, 5, 29, 59), "America/St_Johns")).toBe("2026-03-08T01:59:59-03:30");
    expect(isoInZone(Date.UTC(2026, 2, 8, 5, 30), "America/St_Johns")).toBe("2026-03-08T03:00:00-02:30");
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
      for (const zone of ["America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns"]) {
        expect(isoInZone(ms, zone).slice(0, 19)).toBe(wall(ms, zone));
      }
    }));
  });

  it("names the same moment it was given", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
      for (const zone of ["America/New_York", "America/Los_Angeles", "Australia/Lord_Howe", "Pacific/Chatham"]) {
        expect(Date.parse(isoInZone(ms, zone))).toBe(Math.floor(ms / 1000) * 1000);
      }
    }));
  });
});

describe("ULID time bounds", () => {
  it("sort every id of a moment at or after the moment's first id, and before the next moment's", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 47 }), (ms) => {
      const id = ulid(ms);
      expect(ulidTime(id)).toBe(ms);
      expect(firstUlidAt(ms) <= id).toBe(true);
      expect(id < firstUlidAt(ms + 1)).toBe(true);
      expect(ulid(ms - 1) < firstUlidAt(ms)).toBe(true);
    }));
  });
});

describe("the trips screen's last 30 days", () => {
  it("are the tenant's calendar days ending today, across a month, a year and a daylight-saving change", () => {
    // 23:30 on 2026-01-05 in New York is already the 6th in UTC.
    expect(lastDays(Date.UTC(2026, 0, 6, 4, 30), "America/New_York", 30)).toEqual({
      from: "2025-12-07",
      to: "2026-01-05",
    });
    // 00:30 on 2026-11-01 in New York, an hour before the clocks go back.
    expect(lastDays(Date.UTC(2026, 10, 1, 4, 30), "America/New_York", 30)).toEqual({
      from: "2026-10-03",
      to: "2026-11-01",
    });
    expect(lastDays(Date.UTC(2028, 2, 1, 12), "UTC", 1)).toEqual({ from: "2028-03-01", to: "2028-03-01" });
    expect(tripsCsvPath("greer", { from: "2026-01-01", to: "2026-01-30" }))
      .toBe("/greer/api/admin/trips.csv?from=2026-01-01&to=2026-01-30");
  });
});
