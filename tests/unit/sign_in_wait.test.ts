/**
 * How long a number waits for its next code is said with the catalogue's
 * plural forms, in the reader's language, never built from English words.
 */
import { describe, expect, it } from "vitest";
import { refusalText, refuse } from "../../domain/refusal.ts";
import { waitValue } from "../../domain/sign_in/request_code.ts";

const said = (lang: "en" | "es", seconds: number) =>
  refusalText(
    lang,
    refuse(429, "Too many codes sent to this number. Please wait {wait} and try again.", {
      wait: waitValue(seconds),
    }),
  );

describe("the wait before a number's next code", () => {
  it("is whole minutes below an hour, else whole hours, in each language's plural form", () => {
    expect(said("en", 1)).toBe("Too many codes sent to this number. Please wait 1 minute and try again.");
    expect(said("en", 14 * 60 + 1)).toBe("Too many codes sent to this number. Please wait 15 minutes and try again.");
    expect(said("en", 60 * 60)).toBe("Too many codes sent to this number. Please wait 1 hour and try again.");
    expect(said("en", 23 * 60 * 60 + 5)).toBe(
      "Too many codes sent to this number. Please wait 24 hours and try again.",
    );
    expect(said("es", 60)).toContain("1 minuto");
    expect(said("es", 15 * 60)).toContain("15 minutos");
    expect(said("es", 60 * 60)).toContain("1 hora");
    expect(said("es", 3 * 60 * 60)).toContain("3 horas");
    expect(said("es", 3 * 60 * 60)).not.toContain("Too many");
  });
});
