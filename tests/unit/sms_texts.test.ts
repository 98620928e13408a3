/**
 * Every text Hopper sends by SMS fits one segment in both languages:
 * GSM-7 allows 160 characters, but one character outside it (á, í, ó, ú…)
 * makes the message UCS-2, where a segment holds 70. Checked with each
 * placeholder filled as the server fills it. The one exception is the reply
 * to HELP, whose pieces are bounded together by HELP_SMS_MAX
 * (tests/unit/sms_replies.test.ts); every text of the sms area is one or the
 * other.
 */
import { describe, expect, it } from "vitest";
import { AREAS, type Text, translate } from "../../lib/i18n/catalogue.ts";
import { codeSms, HELP_SMS_TEXTS, ONE_SEGMENT_SMS } from "../../lib/sms_texts.ts";

/** GSM 03.38's basic character set (the escape table is left out: its characters count twice). */
const GSM7 = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§" +
  "¿abcdefghijklmnopqrstuvwxyzäöñüà";

/** The most characters one segment holds for this text. */
function segmentBudget(text: string): number {
  return [...text].every((ch) => GSM7.includes(ch)) ? 160 : 70;
}

const FILLED = { code: "1234" };

describe("SMS texts", () => {
  it("holds each text of the sms area as a one-segment text or a piece of the HELP reply", () => {
    const known = new Set<string>([...ONE_SEGMENT_SMS, ...HELP_SMS_TEXTS]);
    expect(Object.keys(AREAS.sms).filter((text) => !known.has(text))).toEqual([]);
    expect(ONE_SEGMENT_SMS.filter((text) => !(text in AREAS.sms))).toEqual([]);
  });

  for (const text of ONE_SEGMENT_SMS as readonly Text[]) {
    it(`fits one segment in English and Spanish: ${text.slice(0, 40)}…`, () => {
      for (const lang of ["en", "es"] as const) {
        const filled = translate(lang, text, FILLED);
        expect(filled, lang).not.toMatch(/\{\w+\}/);
        expect(filled.length, `${lang}: ${filled}`).toBeLessThanOrEqual(segmentBudget(filled));
      }
    });
  }

  it("the sign-in code text is English word for word, and Spanish for a Spanish request", () => {
    expect(codeSms("en", "1234")).toBe(
      "Your Hopper verification code is 1234. It expires in 10 minutes. Reply STOP to opt out, HELP for help.",
    );
    expect(codeSms("es", "1234")).toBe("Su código de Hopper es 1234. Vence en 10 min. STOP: salir. HELP: ayuda");
    expect(segmentBudget(codeSms("es", "1234"))).toBe(70);
  });
});
