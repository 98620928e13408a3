/**
 * Every text of a booking conversation by SMS (lib/sms_booking_texts.ts)
 * fits two segments in English and Spanish with its values filled at their
 * longest: 306 GSM-7 characters, or 134 when one character is outside GSM-7.
 */
import { describe, expect, it } from "vitest";
import { AREAS, translate } from "../../lib/i18n/catalogue.ts";
import { BOOKING_SMS, REPLY_MAX } from "../../lib/sms_booking_texts.ts";
import { cut, LIST_MAX, LIST_NAME_MAX, numbered } from "../../domain/sms_booking/conversation.ts";

const GSM7 = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§" +
  "¿abcdefghijklmnopqrstuvwxyzäöñüà";

/** Two segments: 153 GSM-7 characters each, or 67 UCS-2 characters each, once split. */
function twoSegments(text: string): number {
  return [...text].every((ch) => GSM7.includes(ch)) ? 306 : 134;
}

/** Names past the cut, with an accent: the list is UCS-2, where a segment holds least. */
const LONG = "Café " + "x".repeat(LIST_NAME_MAX);
const list = numbered(Array.from({ length: LIST_MAX }, (_, i) => ({ id: String(i), name: LONG + i })));
const FILLED = {
  list,
  organization: "Greer Shuttle",
  pickup: cut(LONG),
  destination: cut(LONG),
  when: "sáb, 10 de ene, 10:45 a.m.",
  count: 5,
  needs: " (Usa silla de ruedas)",
  question: "¿Cuándo? Responda AHORA",
  reason: "No drivers are currently available.",
  time: "Fri, Jan 9, 10:45 AM",
  state: "looking for a driver",
  text: "x".repeat(REPLY_MAX),
};

describe("SMS booking texts", () => {
  it("lists every text of its catalogue area", () => {
    expect(Object.keys(AREAS.sms_booking).sort()).toEqual([...BOOKING_SMS].sort());
  });

  for (const text of BOOKING_SMS) {
    it(`fits two segments in English and Spanish: ${text.slice(0, 40)}…`, () => {
      for (const lang of ["en", "es"] as const) {
        const filled = translate(lang, text, FILLED);
        expect(filled, lang).not.toMatch(/\{\w+\}/);
        expect(filled.length, `${lang}: ${filled}`).toBeLessThanOrEqual(twoSegments(filled));
      }
    });
  }
});
