/**
 * What Hopper reads in a text sent to its number and what it answers
 * (lib/sms_keywords.ts, lib/sms_texts.ts helpSms, lib/twiml.ts,
 * lib/phone.ts phoneFromE164): the keywords, the HELP reply's wording and
 * its 320-character bound, and TwiML that stays XML whatever it carries.
 */
import { describe, expect, it } from "vitest";
import { readKeyword } from "../../lib/sms_keywords.ts";
import { HELP_SMS_MAX, type HelpOrganisation, helpSms } from "../../lib/sms_texts.ts";
import { escapeXml, twimlReply } from "../../lib/twiml.ts";
import { phoneFromE164 } from "../../lib/phone.ts";

const SITE = { publicUrl: "https://rides.example.org", contactEmail: "hello@hopper.test" };
const GENERAL =
  "Hopper on-demand shuttles. For help, email hello@hopper.test or see https://rides.example.org/contact. " +
  "Reply STOP to opt out.";
const greer: HelpOrganisation = {
  code: "greer",
  name: "Greer Shuttle",
  contactPhone: "8645550100",
  contactEmail: "rides@greer.gov",
};

describe("keywords", () => {
  it("reads HELP, INFO and AYUDA as help, by the first word, in any case", () => {
    for (const body of ["HELP", "help", " Help ", "info", "AYUDA", "help me", "Help!", "¿Ayuda?", "HELP\nplease"]) {
      expect(readKeyword(body).keyword, body).toBe("help");
    }
    expect(readKeyword("ayuda").spanish).toBe(true);
    expect(readKeyword("help").spanish).toBe(false);
  });

  it("reads the opt-out and opt-in words only as the whole message", () => {
    for (const body of ["STOP", "stopall", "Unsubscribe", "CANCEL", "end", "Quit", "parar", "ALTO", " stop. "]) {
      expect(readKeyword(body).keyword, body).toBe("stop");
    }
    expect(readKeyword("parar").spanish).toBe(true);
    for (const body of ["START", "unstop", "Yes", "yes!"]) expect(readKeyword(body).keyword, body).toBe("start");
    for (const body of ["cancel my ride", "stop at the library", "yes please", "end of line"]) {
      expect(readKeyword(body).keyword, body).toBeNull();
    }
  });

  it("reads nothing in other texts", () => {
    for (const body of ["", "   ", "hello", "HELPFUL", "stopp", "constructor", "__proto__", "toString", "😀"]) {
      expect(readKeyword(body), body).toEqual({ keyword: null, spanish: false });
    }
  });
});

describe("the HELP reply", () => {
  it("names the organisation with its phone and email, or whichever it gave, else gives the site's contacts", () => {
    expect(helpSms("en", [greer], SITE)).toBe(
      "Hopper rides for Greer Shuttle: call (864) 555-0100 or email rides@greer.gov. Reply STOP to opt out.",
    );
    expect(helpSms("en", [{ ...greer, contactEmail: null }], SITE)).toBe(
      "Hopper rides for Greer Shuttle: call (864) 555-0100. Reply STOP to opt out.",
    );
    expect(helpSms("en", [{ ...greer, contactPhone: null }], SITE)).toBe(
      "Hopper rides for Greer Shuttle: email rides@greer.gov. Reply STOP to opt out.",
    );
    expect(helpSms("en", [{ ...greer, contactPhone: null, contactEmail: null }], SITE)).toBe(GENERAL);
  });

  it("speaks Spanish", () => {
    expect(helpSms("es", [greer], SITE)).toBe(
      "Viajes de Hopper para Greer Shuttle: llame al (864) 555-0100 o escriba a rides@greer.gov. Responda STOP para salir.",
    );
    expect(helpSms("es", [], SITE)).toBe(
      "Hopper, transporte a pedido. Para ayuda, escriba a hello@hopper.test o vea https://rides.example.org/contact. " +
        "Responda STOP para salir.",
    );
  });

  it("gives someone of no organisation the site's contacts", () => {
    expect(helpSms("en", [], SITE)).toBe(
      "Hopper on-demand shuttles. For help, email hello@hopper.test or see https://rides.example.org/contact. " +
        "Reply STOP to opt out.",
    );
  });

  it("gives a number of several organisations the site's contacts (one organisation, else CONTACT_EMAIL)", () => {
    expect(helpSms("en", [greer, { ...greer, code: "campus", name: "State Campus" }], SITE)).toBe(GENERAL);
  });

  it("stays within 320 characters at the longest settings, giving the site's contacts when the organisation's do not fit", () => {
    const long: HelpOrganisation = {
      code: "a-very-long-organisation-code-32",
      name: "N".repeat(80),
      contactPhone: "8645550100",
      contactEmail: `${"e".repeat(240)}@example.org`,
    };
    for (const lang of ["en", "es"] as const) {
      const reply = helpSms(lang, [long], SITE);
      expect(reply.length).toBeLessThanOrEqual(HELP_SMS_MAX);
      expect(reply).toContain("hello@hopper.test");
      expect(reply).toMatch(/STOP/);
    }
    const hugeSite = { publicUrl: `https://${"h".repeat(300)}.org`, contactEmail: "hello@hopper.test" };
    expect(helpSms("en", [long], hugeSite).length).toBeLessThanOrEqual(HELP_SMS_MAX);
    expect(helpSms("en", [], hugeSite).length).toBeLessThanOrEqual(HELP_SMS_MAX);
  });
});

describe("TwiML", () => {
  it("answers a message inside Response, or an empty Response", () => {
    expect(twimlReply("Hi")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>Hi</Message></Response>');
    expect(twimlReply(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it("escapes XML's five special characters and drops what XML cannot carry", () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
    expect(escapeXml("x\u0000y\u0008z\ud800")).toBe("xyz");
    expect(escapeXml("tab\tnewline\n🚐 ñ")).toBe("tab\tnewline\n🚐 ñ");
    expect(twimlReply("</Message><Redirect>https://evil.test</Redirect>")).not.toContain("<Redirect>");
  });
});

describe("Twilio's numbers", () => {
  it("keeps the 10 digits of a US number and nothing else", () => {
    expect(phoneFromE164("+18645550142")).toBe("8645550142");
    expect(phoneFromE164(" +18645550142 ")).toBe("8645550142");
    for (
      const other of ["+447700900123", "18645550142", "+1864555014", "+186455501422", "whatsapp:+18645550142", "12345"]
    ) {
      expect(phoneFromE164(other), other).toBeNull();
    }
  });
});
