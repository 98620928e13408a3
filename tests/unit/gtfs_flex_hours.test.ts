/**
 * The weekly schedule as GTFS service days (lib/gtfs_flex/service_hours.ts):
 * a night that runs past midnight is one window on the evening's day, ending
 * past 24:00 (Saturday night into Sunday too), a day that runs around the
 * clock stays on its own day, and weekdays with the same hours share one
 * service.
 */
import { describe, expect, it } from "vitest";
import { clock, servicesOf, weekWindows } from "../../lib/gtfs_flex/service_hours.ts";

const slot = (start: string, end: string) => ({ start, end });
const shown = (days: ReturnType<typeof weekWindows>) =>
  days.map((windows) => windows.map((w) => `${clock(w.start)}-${clock(w.end)}`));

describe("GTFS service hours", () => {
  it("folds a night past midnight into the evening's service day, Saturday's into Sunday's morning too", () => {
    const week = {
      "5": [slot("18:00", "23:59")],
      "6": [slot("00:00", "01:30"), slot("09:00", "12:00"), slot("22:00", "23:59")],
      "0": [slot("00:00", "03:00")],
    };
    expect(shown(weekWindows(week))).toEqual([
      [],
      [],
      [],
      [],
      [],
      ["18:00:00-25:30:00"],
      ["09:00:00-12:00:00", "22:00:00-27:00:00"],
    ]);
  });

  it("keeps a slot ending at 23:59 as it is when the next day does not start at midnight", () => {
    expect(shown(weekWindows({ "1": [slot("20:00", "23:59")], "2": [slot("00:30", "02:00")] }))).toEqual([
      [],
      ["20:00:00-23:59:00"],
      ["00:30:00-02:00:00"],
      [],
      [],
      [],
      [],
    ]);
  });

  it("leaves a week open around the clock as seven whole days, not one endless window", () => {
    const all = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((d) => [d, [slot("00:00", "23:59")]]));
    expect(shown(weekWindows(all))).toEqual(Array(7).fill(["00:00:00-23:59:00"]));
    expect(servicesOf(all)).toEqual([
      { id: "hours_0000-2359", days: Array(7).fill(true), windows: [{ start: 0, end: 1439 }] },
    ]);
  });

  it("gives weekdays with the same hours one service, in any order of their slots, and days off none", () => {
    const services = servicesOf({
      "1": [slot("13:00", "17:00"), slot("08:00", "12:00")],
      "2": [slot("08:00", "12:00"), slot("13:00", "17:00")],
      "6": [slot("10:00", "14:00")],
    });
    expect(services.map((s) => [s.id, s.days.flatMap((on, d) => (on ? [d] : []))])).toEqual([
      ["hours_0800-1200_1300-1700", [1, 2]],
      ["hours_1000-1400", [6]],
    ]);
    expect(servicesOf({})).toEqual([]);
  });
});
