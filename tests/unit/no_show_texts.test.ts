/**
 * What the no-show policy says to a rider, in both languages,
 * with each length of days in its own plural.
 */
import { describe, expect, it } from "vitest";
import { translator } from "../../lib/i18n/catalogue.ts";
import { DEFAULT_NO_SHOW, type NoShowPolicy } from "../../lib/no_show.ts";
import { warningText } from "../../lib/no_show_texts.ts";

const standing = (count: number, policy: NoShowPolicy) => ({ count, suspendedUntil: null, policy });

describe("the no-show warning", () => {
  it("names the count and the policy from the warning count on, and says nothing below it", () => {
    const en = translator("en");
    expect(warningText(standing(1, DEFAULT_NO_SHOW), en)).toBeNull();
    expect(warningText(standing(2, DEFAULT_NO_SHOW), en)).toBe(
      "Missed pickups in the last 30 days: 2. At 3, ride requests are paused for 7 days.",
    );
  });

  it("says one day, not 1 days, in English and Spanish", () => {
    const policy = { warnAt: 1, suspendAt: 2, suspendDays: 1, windowDays: 1, waitMinutes: 3 };
    expect(warningText(standing(1, policy), translator("en"))).toBe(
      "Missed pickups in the last day: 1. At 2, ride requests are paused for 1 day.",
    );
    expect(warningText(standing(1, policy), translator("es"))).toBe(
      "Recogidas perdidas en el último día: 1. Al llegar a 2, las solicitudes de viaje se pausan por 1 día.",
    );
  });
});
