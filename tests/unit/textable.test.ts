/**
 * Which numbers Hopper texts (lib/textable.ts, lib/phone_regions.ts), judged
 * by libphonenumber: US and Canadian mobile and fixed-line numbers; never
 * premium-rate or toll-free; Caribbean +1 numbers only where allowed.
 */
import { describe, expect, it } from "vitest";
import { getCountries, getCountryCallingCode } from "libphonenumber-js/max";
import { EXTRA_REGIONS, HOME_REGIONS, NANP_REGIONS } from "../../lib/phone_regions.ts";
import { isTextable } from "../../lib/textable.ts";

describe("isTextable", () => {
  it("texts US and Canadian numbers, the suite's 555-01xx numbers among them", () => {
    for (const phone of ["8645550142", "8645550199", "2125550123", "6502530000", "4165550123", "6045550123"]) {
      expect(isTextable(phone), phone).toBe(true);
    }
  });

  it("never texts premium-rate (900), toll-free, personal-service (500) or invalid area codes", () => {
    for (
      const phone of ["9005550142", "9002345678", "8005550100", "8885550100", "5005550100", "5555550100", "1645550142"]
    ) {
      expect(isTextable(phone), phone).toBe(false);
      expect(isTextable(phone, EXTRA_REGIONS), phone).toBe(false);
    }
  });

  it("texts Caribbean and other +1 regions only where the organisation may", () => {
    const abroad: [string, string][] = [
      ["8765550142", "JM"],
      ["8095550142", "DO"],
      ["2423570142", "BS"],
      ["2462340142", "BB"],
      ["7875550142", "PR"],
      ["3405550142", "VI"],
    ];
    for (const [phone, region] of abroad) {
      expect(isTextable(phone), phone).toBe(false);
      expect(isTextable(phone, [region]), phone).toBe(true);
      expect(isTextable(phone, EXTRA_REGIONS.filter((r) => r !== region)), phone).toBe(false);
    }
  });

  it("takes only 10 digits", () => {
    for (const phone of ["", "864555014", "18645550142", "(864) 555-0142", "+18645550142"]) {
      expect(isTextable(phone), phone).toBe(false);
    }
  });
});

describe("the +1 regions", () => {
  it("are libphonenumber's, US and Canada at home and the rest extra", () => {
    const plan = getCountries().filter((c) => getCountryCallingCode(c) === "1");
    expect([...NANP_REGIONS].sort()).toEqual([...plan].sort());
    expect([...HOME_REGIONS, ...EXTRA_REGIONS].sort()).toEqual([...plan].sort());
  });
});

describe("the pages", () => {
  it("ship no libphonenumber metadata: the library is the server's (built by deno task build)", async () => {
    const build = new URL("../../static/build/", import.meta.url);
    let scripts = 0;
    for await (const file of Deno.readDir(build)) {
      if (!file.name.endsWith(".js")) continue;
      scripts++;
      const text = await Deno.readTextFile(new URL(file.name, build));
      expect(text.includes("country_calling_codes"), file.name).toBe(false);
    }
    expect(scripts).toBeGreaterThan(10);
  });
});
