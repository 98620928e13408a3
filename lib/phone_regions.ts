/**
 * Where Hopper texts. Hopper keeps 10-digit numbers of the North American
 * Numbering Plan (+1, lib/phone.ts), which is shared by the US, Canada and
 * some twenty other countries and territories, the Caribbean ones among them
 * (876 Jamaica, 809 Dominican Republic): a text there is an international
 * text on the organisation's bill, the pattern of SMS-pumping fraud. So
 * Hopper texts US and Canadian numbers only, unless a super admin lets an
 * organisation reach more of these regions (its `smsRegions`). Light, for
 * the settings page too; lib/textable.ts tells a number's region.
 */

/** The regions every organisation may text. */
export const HOME_REGIONS: readonly string[] = ["US", "CA"];

/**
 * Every region (ISO 3166 code) of the +1 plan, as libphonenumber names them
 * (tests/unit/textable.test.ts keeps the two lists equal).
 */
export const NANP_REGIONS: readonly string[] = [
  "AG",
  "AI",
  "AS",
  "BB",
  "BM",
  "BS",
  "CA",
  "DM",
  "DO",
  "GD",
  "GU",
  "JM",
  "KN",
  "KY",
  "LC",
  "MP",
  "MS",
  "PR",
  "SX",
  "TC",
  "TT",
  "US",
  "VC",
  "VG",
  "VI",
];

/** The regions beyond US and Canada an organisation may be allowed to text. */
export const EXTRA_REGIONS: readonly string[] = NANP_REGIONS.filter((r) => !HOME_REGIONS.includes(r));
