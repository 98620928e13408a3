import { describe, expect, it } from "vitest";
import { formatPhone, formatPhoneInput, maskPhone, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";

describe("formatPhone (spec section 5, phone display)", () => {
  it("writes ten digits as (AAA) BBB-CCCC, whatever they were typed with", () => {
    expect(formatPhone("8645550142")).toBe("(864) 555-0142");
    expect(formatPhone("864.555.0142")).toBe("(864) 555-0142");
    expect(formatPhone("(864) 555-0142")).toBe("(864) 555-0142");
  });

  it("writes eleven digits starting with 1 as +1 (AAA) BBB-CCCC", () => {
    expect(formatPhone("18645550142")).toBe("+1 (864) 555-0142");
    expect(formatPhone("+1 864 555 0142")).toBe("+1 (864) 555-0142");
  });

  it("returns anything else unchanged, and empty for empty", () => {
    expect(formatPhone("28645550142")).toBe("28645550142");
    expect(formatPhone("555-0142")).toBe("555-0142");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone(undefined)).toBe("");
  });
});

describe("normalizePhone (spec section 5, phone validation)", () => {
  it("strips non-digits and keeps exactly ten", () => {
    expect(normalizePhone("(864) 555-0142")).toBe("8645550142");
    expect(normalizePhone("864 555 014")).toBeNull();
    expect(normalizePhone("18645550142")).toBeNull();
    expect(PHONE_ERROR).toBe("Please enter a valid 10-digit phone number");
  });
});

describe("formatPhoneInput and maskPhone", () => {
  it("formats as a person types, up to ten digits", () => {
    expect(["8", "864", "8645", "864555", "8645550", "864555014299"].map(formatPhoneInput)).toEqual([
      "(8",
      "(864",
      "(864) 5",
      "(864) 555",
      "(864) 555-0",
      "(864) 555-0142",
    ]);
    expect(formatPhoneInput("")).toBe("");
  });

  it("keeps only the last two digits for logs", () => {
    expect(maskPhone("8645550142")).toBe("********42");
    expect(maskPhone("7")).toBe("**");
  });
});
