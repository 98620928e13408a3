/**
 * An organisation's own settings: its name, service area, time
 * zone, contact details, brand colour, its sign-in text budget, who may
 * join it and where texts may go. The rules once, for the server (PUT /{t}/api/admin/settings, the
 * admin CLI's tenant:update) and the settings page, which checks the same
 * before sending. A bad field is refused with a text that names it, and the
 * field's path (`serviceArea.radiusMeters`) for the page to mark.
 */
import { DEFAULT_DISPATCH, type DispatchSettings, readDispatch } from "./dispatch_settings.ts";
import { isPoint } from "./geo.ts";
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import { normalizePhone } from "./phone.ts";
import { EXTRA_REGIONS } from "./phone_regions.ts";
import { DEFAULT_NO_SHOW, type NoShowPolicy, readNoShow } from "./no_show.ts";
import { hasHiddenCharacters } from "./hidden_characters.ts";
import type { ServiceArea, Tenant } from "./schemas.ts";

/** The dispatch fields (lib/dispatch_settings.ts) sit beside the others, as the API sends them. */
export interface TenantSettings extends DispatchSettings {
  name: string;
  serviceArea: ServiceArea;
  timezone: string;
  contactEmail: string | null;
  contactPhone: string | null;
  /**
   * Its own Twilio number, E.164 ("+15551234567"), or null to share the site's: riders book rides by texting it
   * (domain/sms_booking/), and texts to its riders are sent from it.
   */
  smsNumber: string | null;
  brandColor: string;
  smsPerHour: number;
  /**
   * The regions of the +1 plan beyond US and Canada its sign-ins and ride
   * texts may reach (lib/phone_regions.ts), sorted; none until a super admin
   * allows some.
   */
  smsRegions: string[];
  joinPolicy: JoinPolicy;
  /** Where its logo loads from, or null for the Hopper mark. Changed by its own calls, never by PUT. */
  logoUrl: string | null;
  /** How many days ahead riders may book. */
  maxDaysAhead: number;
  /** How many standing rides (lib/standing_rides.ts) one rider may hold. */
  maxStandingRides: number;
  /** The no-show policy (lib/no_show.ts); the defaults until set. */
  noShow: NoShowPolicy;
}

/**
 * Who may join: "open", anyone who signs in at the tenant becomes
 * its rider; "invite", only people an admin added (a member already, any role).
 */
export type JoinPolicy = "open" | "invite";
export const JOIN_POLICIES: readonly JoinPolicy[] = ["open", "invite"];

/** The product's blue: what a tenant wears until it picks its own. */
export const DEFAULT_BRAND = "#1d4ed8";
/** Sign-in texts an hour for sign-ins naming the tenant, unless it sets its own. */
export const DEFAULT_SMS_PER_HOUR = 500;
/** The most sign-in texts an hour an organisation's own admins may allow; more is a super admin's to give. */
export const ADMIN_SMS_PER_HOUR_MAX = 2_000;
/** How far ahead riders may book (lib/booking.ts): the setting's range and its value until set. */
export const MAX_DAYS_AHEAD = { min: 1, max: 30, default: 7 } as const;
/** Standing rides one rider may hold: the setting's range and its value until set. */
export const MAX_STANDING_RIDES = { min: 0, max: 20, default: 5 } as const;
export const LIMITS = {
  name: 80,
  label: 80,
  radius: { min: 200, max: 20_000 },
  /** 0 stops sign-in texts; otherwise from min to max. */
  smsPerHour: { min: 10, max: 100_000 },
  email: 254,
} as const;

/** A tenant's settings, with the defaults for what it never set. */
export function settingsOf(tenant: Tenant): TenantSettings {
  return {
    name: tenant.name,
    serviceArea: tenant.serviceArea,
    timezone: tenant.timezone,
    contactEmail: tenant.contactEmail ?? null,
    contactPhone: tenant.contactPhone ?? null,
    smsNumber: tenant.smsNumber ?? null,
    brandColor: tenant.brandColor ?? DEFAULT_BRAND,
    smsPerHour: tenant.smsPerHour ?? DEFAULT_SMS_PER_HOUR,
    smsRegions: tenant.smsRegions ?? [],
    joinPolicy: tenant.joinPolicy ?? "open",
    logoUrl: tenant.logo ? logoUrl(tenant.code, tenant.logo.hash) : null,
    maxDaysAhead: tenant.maxDaysAhead ?? MAX_DAYS_AHEAD.default,
    maxStandingRides: tenant.maxStandingRides ?? MAX_STANDING_RIDES.default,
    noShow: { ...DEFAULT_NO_SHOW, ...tenant.noShow },
    dispatchMode: tenant.dispatchMode ?? DEFAULT_DISPATCH.dispatchMode,
    maxWaitMinutes: tenant.maxWaitMinutes ?? DEFAULT_DISPATCH.maxWaitMinutes,
    maxRideFactor: tenant.maxRideFactor ?? DEFAULT_DISPATCH.maxRideFactor,
    maxRideExtraMinutes: tenant.maxRideExtraMinutes ?? DEFAULT_DISPATCH.maxRideExtraMinutes,
    pooling: tenant.pooling ?? DEFAULT_DISPATCH.pooling,
  };
}

/** The logo's URL: it names the bytes (their hash), so it may be cached for good and changes with them. */
export function logoUrl(code: string, hash: string): string {
  return `/${code}/logo?v=${hash}`;
}

export type SettingsRead =
  | { ok: true; value: Partial<Omit<TenantSettings, "logoUrl">> }
  | { ok: false; field: string; error: string };

/** Whether the runtime knows `name` as an IANA time zone ("America/New_York", "UTC"). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const HEX = /^#[0-9a-f]{6}$/i;
/** E.164 in the +1 plan, as Twilio names a number it holds: a plus, the 1, ten digits. */
export const SMS_NUMBER = /^\+1[2-9]\d{9}$/;
const text = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : null);

/**
 * The fields a PUT may send, any subset, checked in the order of the form.
 * Unknown fields are ignored. Answers the changes, normalised (trimmed
 * texts, a phone's 10 digits, a lowercase colour, null for an emptied
 * contact), or the first bad field.
 */
export function readSettings(
  body: Record<string, unknown>,
  t: Translate,
  /** The policy a partial `noShow` completes (warnAt ≤ suspendAt is checked on the whole). */
  noShowNow: NoShowPolicy = DEFAULT_NO_SHOW,
): SettingsRead {
  const value: Partial<Omit<TenantSettings, "logoUrl">> = {};
  const bad = (field: string, error: Text, values?: Record<string, string | number>): SettingsRead => ({
    ok: false,
    field,
    error: t(error, values),
  });

  if (body.name !== undefined) {
    const name = text(body.name);
    if (!name || name.length > LIMITS.name) return bad("name", "Name must be 1-{max} characters", { max: LIMITS.name });
    // The name goes into riders' texts and every page's header: nothing in it may hide or reorder what they read.
    if (hasHiddenCharacters(name)) return bad("name", "The name contains characters that are not allowed");
    value.name = name;
  }
  if (body.serviceArea !== undefined) {
    const area = body.serviceArea as Record<string, unknown> | null;
    if (typeof area !== "object" || area === null || Array.isArray(area)) {
      return bad("serviceArea", "The service area needs a centre, a radius and a label");
    }
    if (!isPoint({ lat: area.lat, lng: area.lng })) {
      return bad("serviceArea.lat", "The service area's centre needs numeric lat and lng");
    }
    const radius = area.radiusMeters;
    if (
      typeof radius !== "number" || !Number.isFinite(radius) || radius < LIMITS.radius.min || radius > LIMITS.radius.max
    ) {
      return bad("serviceArea.radiusMeters", "The radius must be from {min} to {max} meters", {
        min: LIMITS.radius.min,
        max: LIMITS.radius.max.toLocaleString("en-US"),
      });
    }
    const label = text(area.label);
    if (!label || label.length > LIMITS.label) {
      return bad("serviceArea.label", "The area's name must be 1-{max} characters", { max: LIMITS.label });
    }
    if (hasHiddenCharacters(label)) {
      return bad("serviceArea.label", "The area's name contains characters that are not allowed");
    }
    value.serviceArea = { lat: area.lat as number, lng: area.lng as number, radiusMeters: Math.round(radius), label };
  }
  if (body.timezone !== undefined) {
    if (!isTimeZone(body.timezone)) return bad("timezone", "Choose a time zone from the list");
    value.timezone = body.timezone;
  }
  if (body.contactEmail !== undefined) {
    const email = body.contactEmail === null ? "" : text(body.contactEmail);
    if (email === null || email.length > LIMITS.email || (email !== "" && !isEmailLike(email))) {
      return bad("contactEmail", "Please enter a valid email address");
    }
    value.contactEmail = email || null;
  }
  if (body.contactPhone !== undefined) {
    const typed = body.contactPhone === null ? "" : text(body.contactPhone);
    const phone = typed ? normalizePhone(typed) : null;
    if (typed === null || (typed !== "" && !phone)) {
      return bad("contactPhone", "Please enter a valid 10-digit phone number");
    }
    value.contactPhone = phone;
  }
  if (body.smsNumber !== undefined) {
    const typed = body.smsNumber === null ? "" : typeof body.smsNumber === "string" ? body.smsNumber.trim() : null;
    if (typed === null || (typed !== "" && !SMS_NUMBER.test(typed))) {
      return bad("smsNumber", "The texting number must be written +15551234567");
    }
    value.smsNumber = typed || null;
  }
  if (body.brandColor !== undefined) {
    if (typeof body.brandColor !== "string" || !HEX.test(body.brandColor)) {
      return bad("brandColor", "The brand colour must be written #rrggbb");
    }
    value.brandColor = body.brandColor.toLowerCase();
  }
  if (body.smsPerHour !== undefined) {
    const n = body.smsPerHour;
    const inRange = n === 0 || (typeof n === "number" && n >= LIMITS.smsPerHour.min && n <= LIMITS.smsPerHour.max);
    if (typeof n !== "number" || !Number.isInteger(n) || !inRange) {
      return bad("smsPerHour", "Sign-in texts an hour must be 0 (none) or a whole number from {min} to {max}", {
        min: LIMITS.smsPerHour.min,
        max: LIMITS.smsPerHour.max.toLocaleString("en-US"),
      });
    }
    value.smsPerHour = n;
  }
  if (body.smsRegions !== undefined) {
    const regions = readRegions(body.smsRegions);
    if (!regions) return bad("smsRegions", "Texting regions must be codes of +1 countries such as PR or JM");
    value.smsRegions = regions;
  }
  if (body.joinPolicy !== undefined) {
    const policy = JOIN_POLICIES.find((p) => p === body.joinPolicy);
    if (!policy) return bad("joinPolicy", "Who may join must be open or invite");
    value.joinPolicy = policy;
  }
  if (body.maxDaysAhead !== undefined) {
    const n = body.maxDaysAhead;
    if (typeof n !== "number" || !Number.isInteger(n) || n < MAX_DAYS_AHEAD.min || n > MAX_DAYS_AHEAD.max) {
      return bad("maxDaysAhead", "Days ahead must be a whole number from {min} to {max}", {
        min: MAX_DAYS_AHEAD.min,
        max: MAX_DAYS_AHEAD.max,
      });
    }
    value.maxDaysAhead = n;
  }
  if (body.maxStandingRides !== undefined) {
    const n = body.maxStandingRides;
    const { min, max } = MAX_STANDING_RIDES;
    if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max) {
      return bad("maxStandingRides", "Standing rides per rider must be a whole number from {min} to {max}", {
        min,
        max,
      });
    }
    value.maxStandingRides = n;
  }
  if (body.noShow !== undefined) {
    const read = readNoShow(body.noShow, noShowNow, t);
    if (!read.ok) return read;
    value.noShow = read.value;
  }
  const dispatch = readDispatch(body);
  if (!dispatch.ok) return bad(dispatch.field, dispatch.text, dispatch.values);
  Object.assign(value, dispatch.value);
  return { ok: true, value };
}

/**
 * A list of +1 regions beyond US and Canada ("pr", " JM "), upper-cased,
 * without repeats, sorted; US and CA, always allowed, are dropped. Null for
 * anything else.
 */
function readRegions(input: unknown): string[] | null {
  if (!Array.isArray(input) || input.length > EXTRA_REGIONS.length + 2) return null;
  const regions = new Set<string>();
  for (const item of input) {
    const code = typeof item === "string" ? item.trim().toUpperCase() : null;
    if (code === "US" || code === "CA") continue;
    if (code === null || !EXTRA_REGIONS.includes(code)) return null;
    regions.add(code);
  }
  return [...regions].sort();
}

/** The same shape as lib/schemas.ts's linear check, small enough for the settings page's bundle. */
function isEmailLike(email: string): boolean {
  const at = email.indexOf("@");
  if (at < 1 || at !== email.lastIndexOf("@") || /\s/.test(email)) return false;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  return dot > 0 && dot < domain.length - 1;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio of two colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE = "#ffffff";
export const INK = "#0f172a";
export const BLACK = "#000000";
/** The least contrast text may have on the brand colour (WCAG AA for normal text). */
export const MIN_CONTRAST = 4.5;

/**
 * The text colour that goes on a brand colour: white where it passes 4.5:1,
 * else the page's ink, else black. Black always passes (the worst case, a
 * colour as far from white as from black, still gives 4.58:1), so every
 * brand colour can be worn and none is refused.
 */
export function brandTextColor(brand: string): string {
  return [WHITE, INK].find((text) => contrast(brand, text) >= MIN_CONTRAST) ?? BLACK;
}
