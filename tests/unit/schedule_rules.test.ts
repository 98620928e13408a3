import { describe, expect, it } from "vitest";
import { translator } from "../../lib/i18n/catalogue.ts";
import { checkSchedule as check, MAX_SLOTS_PER_DAY, NOT_A_SCHEDULE } from "../../lib/schedule_rules.ts";

/** The rules as the server words them, in English. */
const checkSchedule = (input: unknown) => check(input, translator("en"));

const slot = (start: string, end: string) => ({ start, end });
/** `count` slots of half an hour, one each hour from `from` o'clock: "08:00-08:30", "09:00-09:30", … */
function halfHours(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const hh = String(from + i).padStart(2, "0");
    return slot(`${hh}:00`, `${hh}:30`);
  });
}
/** The messages of a check that must fail. */
function messages(input: unknown): string[] {
  const result = checkSchedule(input);
  if (result.ok) throw new Error("expected the schedule to be refused");
  return result.issues.map((i) => i.message);
}

describe("checkSchedule", () => {
  it("accepts a schedule and answers all seven days, each day's slots in start order", () => {
    const result = checkSchedule({
      "1": [slot("13:00", "17:00"), { start: "07:00", end: "11:00", id: "x", startTime: "ignored" }],
      "6": [],
    });
    expect(result).toEqual({
      ok: true,
      schedule: {
        "0": [],
        "1": [slot("07:00", "11:00"), slot("13:00", "17:00")],
        "2": [],
        "3": [],
        "4": [],
        "5": [],
        "6": [],
      },
    });
  });

  it("accepts slots that touch, the first and last minute of the day, and 12 slots", () => {
    expect(checkSchedule({ "2": [slot("09:00", "12:00"), slot("12:00", "17:00")] }).ok).toBe(true);
    expect(checkSchedule({ "0": [slot("00:00", "23:59")] }).ok).toBe(true);
    expect(checkSchedule({ "3": halfHours(8, 12) }).ok).toBe(true);
  });

  it("refuses anything that is not a map of days", () => {
    for (const bad of [null, [], "Mon 9-5", 7]) expect(messages(bad)).toEqual([NOT_A_SCHEDULE]);
  });

  it("refuses a day outside 0-6 by name", () => {
    expect(messages({ "7": [] })).toEqual(['Day "7" is not a day of the week: use 0 (Sunday) to 6 (Saturday)']);
    expect(messages({ "-1": [], monday: [] })).toHaveLength(2);
  });

  it("refuses times that are not 24-hour HH:MM, naming the day, slot and field", () => {
    const result = checkSchedule({ "1": [slot("07:00", "19:00"), slot("9:00", "5pm")], "5": [{ start: "24:00" }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      {
        day: 1,
        slot: 1,
        field: "start",
        message: 'Monday, slot 2: the start time "9:00" is not a 24-hour time (HH:MM)',
      },
      { day: 1, slot: 1, field: "end", message: 'Monday, slot 2: the end time "5pm" is not a 24-hour time (HH:MM)' },
      {
        day: 5,
        slot: 0,
        field: "start",
        message: 'Friday, slot 1: the start time "24:00" is not a 24-hour time (HH:MM)',
      },
      { day: 5, slot: 0, field: "end", message: "Friday, slot 1: the end time (empty) is not a 24-hour time (HH:MM)" },
    ]);
  });

  it("refuses an end that is not after its start", () => {
    expect(messages({ "0": [slot("17:00", "09:00")] })).toEqual([
      "Sunday, slot 1: the end time (09:00) must be after the start time (17:00)",
    ]);
    expect(messages({ "6": [slot("10:00", "10:00")] })).toEqual([
      "Saturday, slot 1: the end time (10:00) must be after the start time (10:00)",
    ]);
  });

  it("refuses overlapping slots, naming the later-given slot and the one it overlaps", () => {
    expect(messages({ "2": [slot("09:00", "17:00"), slot("12:00", "13:00")] })).toEqual([
      "Tuesday, slot 2 (12:00-13:00) overlaps slot 1 (09:00-17:00)",
    ]);
    // Given out of order: still the later-given one is named.
    expect(messages({ "3": [slot("12:00", "13:00"), slot("09:00", "17:00")] })).toEqual([
      "Wednesday, slot 2 (09:00-17:00) overlaps slot 1 (12:00-13:00)",
    ]);
    // One long slot holding two short ones: both are named against it.
    expect(messages({ "4": [slot("08:00", "18:00"), slot("09:00", "10:00"), slot("11:00", "12:00")] })).toEqual([
      "Thursday, slot 2 (09:00-10:00) overlaps slot 1 (08:00-18:00)",
      "Thursday, slot 3 (11:00-12:00) overlaps slot 1 (08:00-18:00)",
    ]);
  });

  it(`refuses more than ${MAX_SLOTS_PER_DAY} slots a day`, () => {
    expect(messages({ "1": halfHours(6, 13) })).toEqual(["Monday has 13 time slots: at most 12 are allowed"]);
  });

  it("refuses a day that is not a list and a slot that is not an object", () => {
    expect(messages({ "1": "9-5" })).toEqual(["Monday: the time slots must be a list"]);
    expect(messages({ "1": [null] })).toEqual(["Monday, slot 1: a time slot needs a start and an end time"]);
  });
});
