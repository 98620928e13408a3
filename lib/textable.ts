/**
 * Whether Hopper may text a number (lib/phone_regions.ts): a valid number of
 * a region the organisation may text, of a kind that is a person's phone,
 * mobile or fixed line. Premium-rate (900), toll-free, shared-cost, pager
 * and other kinds are never texted. Server only: libphonenumber's full
 * metadata, which tells these kinds apart, is too large for a page's bundle.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { HOME_REGIONS } from "./phone_regions.ts";

/** The refusal of a sign-in code to a number Hopper does not text. */
export const NOT_TEXTABLE = "Hopper can only text US and Canadian mobile or landline numbers";

const PEOPLES_PHONES = new Set(["MOBILE", "FIXED_LINE", "FIXED_LINE_OR_MOBILE"]);

/** `phone`: 10 digits as Hopper keeps them; `extraRegions`: the organisation's own `smsRegions`. */
export function isTextable(phone: string, extraRegions: readonly string[] = []): boolean {
  if (!/^\d{10}$/.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(`+1${phone}`);
  if (!parsed?.isValid() || !parsed.country) return false;
  if (!HOME_REGIONS.includes(parsed.country) && !extraRegions.includes(parsed.country)) return false;
  const kind = parsed.getType();
  return kind !== undefined && PEOPLES_PHONES.has(kind);
}
