/** lib/booking.ts: the tenant's clocks, across a daylight-saving change, and the times the Later choice offers. */
import { describe, expect, it } from "vitest";
import { bookableDays, checkScheduledFor, localTime, zonedMoment } from "../../lib/booking.ts";
import { translator } from "../../lib/i18n/catalogue.ts";

const NY = "America/New_York";
const WEEKDAY = [{ start: "07:00", end: "19:00" }];
const SCHEDULE = { "0": [], "1": WEEKDAY, "2": WEEKDAY, "3": WEEKDAY, "4": WEEKDAY, "5": WEEKDAY, "6": [] };

describe("booking rules", () => {
  it("finds the moment a zone's clocks show, on both sides of the spring change", () => {
    expect(zonedMoment("2026-03-06", "09:00", NY)).toBe(Date.UTC(2026, 2, 6, 14, 0));
    expect(zonedMoment("2026-03-09", "09:00", NY)).toBe(Date.UTC(2026, 2, 9, 13, 0));
    expect(localTime(Date.UTC(2026, 2, 9, 13, 0), NY)).toEqual({ day: 1, date: "2026-03-09", time: "09:00" });
  });

  it("offers today's times from 30 minutes on, in 15-minute steps, and no day without service", () => {
    const now = Date.UTC(2026, 0, 9, 23, 10); // Friday 18:10 in Greer.
    const days = bookableDays({ now, maxDaysAhead: 3, timezone: NY, schedule: SCHEDULE });
    expect(days.map((d) => d.date)).toEqual(["2026-01-09", "2026-01-12"]);
    expect(days[0].times).toEqual(["18:45"]);
    // Three days ahead ends on Monday at 18:10.
    expect(days[1].times.at(-1)).toBe("18:00");
    for (const d of days) {
      for (const time of d.times) {
        const at = zonedMoment(d.date, time, NY);
        expect(checkScheduledFor(at, { now, maxDaysAhead: 3, timezone: NY, schedule: SCHEDULE }, translator("en")))
          .toBeNull();
      }
    }
  });
});
