import { describe, expect, it } from "vitest";
import { formatSlot, formatTime, groupSchedule, type ScheduleRow } from "../../lib/schedule_display.ts";
import type { Schedule } from "../../lib/schemas.ts";
import { EN, ES } from "../helpers/translate.ts";

const slot = (start: string, end: string) => ({ start, end });
/** Rows as a person reads them: "days: slots". */
const read = (rows: ScheduleRow[]) => rows.map((r) => `${r.days}: ${r.slots.join(", ") || "No service"}`);

describe("formatTime", () => {
  it("writes 24-hour times in 12-hour AM/PM form", () => {
    expect(formatTime("07:00", EN)).toBe("7:00 AM");
    expect(formatTime("19:00", EN)).toBe("7:00 PM");
    expect(formatTime("09:05", EN)).toBe("9:05 AM");
    expect(formatTime("23:59", EN)).toBe("11:59 PM");
  });

  it("writes midnight as 12:00 AM and noon as 12:00 PM", () => {
    expect(formatTime("00:00", EN)).toBe("12:00 AM");
    expect(formatTime("00:30", EN)).toBe("12:30 AM");
    expect(formatTime("12:00", EN)).toBe("12:00 PM");
    expect(formatTime("12:45", EN)).toBe("12:45 PM");
    expect(formatTime("11:59", EN)).toBe("11:59 AM");
    expect(formatTime("13:00", EN)).toBe("1:00 PM");
  });

  it("returns anything that is not HH:MM unchanged", () => {
    expect(formatTime("", EN)).toBe("");
    expect(formatTime("noon", EN)).toBe("noon");
    expect(formatTime("25:00", EN)).toBe("25:00");
  });

  it("formats a slot as a range", () => {
    expect(formatSlot(slot("07:00", "19:00"), EN)).toBe("7:00 AM – 7:00 PM");
  });
});

describe("in Spanish", () => {
  it("writes times, days and groups as es-US readers do", () => {
    expect(formatSlot(slot("07:00", "19:00"), ES)).toBe("7:00 a. m. – 7:00 p. m.");
    const weekday = [slot("07:00", "19:00")];
    const schedule: Schedule = { "1": weekday, "2": weekday, "3": weekday, "4": weekday, "5": weekday };
    const rows = groupSchedule(schedule, ES);
    expect(rows.map((r) => r.days)).toEqual(["Dom", "Lun – Vie", "Sáb"]);
    expect(rows[1].daysLong).toBe("Lunes – Viernes");
  });
});

describe("groupSchedule", () => {
  it("groups consecutive days with the same slots, Sunday first", () => {
    const weekday = [slot("07:00", "19:00")];
    const schedule: Schedule = { "1": weekday, "2": weekday, "3": weekday, "4": weekday, "5": weekday };
    const rows = groupSchedule(schedule, EN);
    expect(read(rows)).toEqual(["Sun: No service", "Mon – Fri: 7:00 AM – 7:00 PM", "Sat: No service"]);
    expect(rows[1]).toMatchObject({ from: 1, to: 5, daysLong: "Monday – Friday" });
    expect(rows[0]).toMatchObject({ from: 0, to: 0, days: "Sun", daysLong: "Sunday", slots: [] });
  });

  it("gives one row when every day is the same", () => {
    const day = [slot("06:00", "22:00")];
    const schedule: Schedule = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((d) => [d, day]));
    expect(read(groupSchedule(schedule, EN))).toEqual(["Sun – Sat: 6:00 AM – 10:00 PM"]);
  });

  it("gives no row when there is no schedule or no slot at all", () => {
    expect(groupSchedule(null, EN)).toEqual([]);
    expect(groupSchedule(undefined, EN)).toEqual([]);
    expect(groupSchedule({}, EN)).toEqual([]);
    expect(groupSchedule({ "0": [], "3": [] }, EN)).toEqual([]);
  });

  it("splits groups where the slots differ and joins days with several equal slots", () => {
    const split = [slot("07:00", "11:00"), slot("13:00", "19:00")];
    const schedule: Schedule = {
      "1": split,
      // Same slots given in another order: still the same day.
      "2": [slot("13:00", "19:00"), slot("07:00", "11:00")],
      "3": [slot("07:00", "19:00")],
      "4": split,
      "6": [slot("10:00", "14:00")],
    };
    expect(read(groupSchedule(schedule, EN))).toEqual([
      "Sun: No service",
      "Mon – Tue: 7:00 AM – 11:00 AM, 1:00 PM – 7:00 PM",
      "Wed: 7:00 AM – 7:00 PM",
      "Thu: 7:00 AM – 11:00 AM, 1:00 PM – 7:00 PM",
      "Fri: No service",
      "Sat: 10:00 AM – 2:00 PM",
    ]);
  });

  it("shows midnight and noon in slots", () => {
    expect(read(groupSchedule({ "0": [slot("00:00", "12:00")] }, EN))).toEqual([
      "Sun: 12:00 AM – 12:00 PM",
      "Mon – Sat: No service",
    ]);
  });

  it("does not join Saturday to the next Sunday", () => {
    const day = [slot("09:00", "17:00")];
    expect(read(groupSchedule({ "0": day, "6": day }, EN))).toEqual([
      "Sun: 9:00 AM – 5:00 PM",
      "Mon – Fri: No service",
      "Sat: 9:00 AM – 5:00 PM",
    ]);
  });
});
