/**
 * Twilio's webhook signature (lib/twilio_signature.ts), against the example
 * in Twilio's own documentation of request validation, and the constant-time
 * comparison around it.
 */
import { describe, expect, it } from "vitest";
import { isTwilioSignature, sameText, twilioSignature } from "../../lib/twilio_signature.ts";
import { signTwilio } from "../helpers/twilio_webhook.ts";

// Twilio's documented example: auth token 12345, this URL and these five parameters.
const TOKEN = "12345";
const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS: [string, string][] = [
  ["CallSid", "CA1234567890ABCDE"],
  ["Caller", "+12349013030"],
  ["Digits", "1234"],
  ["From", "+12349013030"],
  ["To", "+18005551212"],
];
const EXPECTED = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";

describe("Twilio request signature", () => {
  it("gives Twilio's documented signature for its example", async () => {
    expect(await twilioSignature(TOKEN, URL, PARAMS)).toBe(EXPECTED);
  });

  it("sorts the parameters by name, whatever order they came in", async () => {
    expect(await twilioSignature(TOKEN, URL, [...PARAMS].reverse())).toBe(EXPECTED);
    expect(await twilioSignature(TOKEN, URL, new URLSearchParams([...PARAMS].reverse()))).toBe(EXPECTED);
  });

  it("agrees with the test's own HMAC over form bodies with unicode and repeated-looking names", async () => {
    const params = { Body: "¿Ayuda? 🚐 & <ok>", From: "+18645550142", From2: "x", a: "", Z: "z" };
    expect(await twilioSignature("another-token-0123", "https://h.test/api/sms/inbound", Object.entries(params)))
      .toBe(signTwilio("another-token-0123", "https://h.test/api/sms/inbound", params));
  });

  it("accepts only the right signature for the token, URL and every parameter", async () => {
    expect(await isTwilioSignature(TOKEN, URL, PARAMS, EXPECTED)).toBe(true);
    expect(await isTwilioSignature("12346", URL, PARAMS, EXPECTED)).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL.replace("foo=1", "foo=2"), PARAMS, EXPECTED)).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL, [...PARAMS, ["Body", "STOP"]], EXPECTED)).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL, PARAMS.slice(1), EXPECTED)).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL, PARAMS, EXPECTED.toLowerCase())).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL, PARAMS, EXPECTED + "=")).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL, PARAMS, "")).toBe(false);
    expect(await isTwilioSignature(TOKEN, URL, PARAMS, null)).toBe(false);
  });

  it("compares texts whole: equal only when every byte and the length agree", () => {
    expect(sameText("abc", "abc")).toBe(true);
    expect(sameText("abc", "abd")).toBe(false);
    expect(sameText("abc", "ab")).toBe(false);
    expect(sameText("", "")).toBe(true);
    expect(sameText("é", "e")).toBe(false);
  });
});
