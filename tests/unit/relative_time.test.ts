import { describe, expect, it } from "vitest";
import { relativeTime } from "../../lib/relative_time.ts";
import { EN, ES } from "../helpers/translate.ts";

describe("relativeTime", () => {
  const now = Date.UTC(2026, 0, 10, 15, 0, 0);
  it("follows the spec's thresholds", () => {
    expect(relativeTime(null, now, EN)).toBe("N/A");
    expect(relativeTime(undefined, now, EN)).toBe("N/A");
    expect(relativeTime(now - 59_000, now, EN)).toBe("just now");
    expect(relativeTime(now - 60_000, now, EN)).toBe("1 minute ago");
    expect(relativeTime(now - 3_599_000, now, EN)).toBe("59 minutes ago");
    expect(relativeTime(now - 3_600_000, now, EN)).toBe("1 hour ago");
    expect(relativeTime(now - 86_399_000, now, EN)).toBe("23 hours ago");
    expect(relativeTime(now - 86_400_000, now, EN)).toBe("1 day ago");
    expect(relativeTime(now - 604_799_000, now, EN)).toBe("6 days ago");
  });
  it("shows the time of day after a week", () => {
    expect(relativeTime(now - 8 * 86_400_000, now, EN, "America/New_York")).toBe("10:00 AM");
  });
  it("says each in Spanish, with the time of day as es-US writes it", () => {
    expect(relativeTime(null, now, ES)).toBe("N/D");
    expect(relativeTime(now - 59_000, now, ES)).toBe("justo ahora");
    expect(relativeTime(now - 60_000, now, ES)).toBe("hace 1 minuto");
    expect(relativeTime(now - 3_599_000, now, ES)).toBe("hace 59 minutos");
    expect(relativeTime(now - 86_400_000, now, ES)).toBe("hace 1 día");
    expect(relativeTime(now - 8 * 86_400_000, now, ES, "America/New_York")).toBe("10:00 a.m.");
  });
  it("treats a time in the future as just now", () => {
    expect(relativeTime(now + 5000, now, EN)).toBe("just now");
  });
});
