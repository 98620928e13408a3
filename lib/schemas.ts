/**
 * Payload and record shapes shared by the server and the islands: one source
 * of truth for what a valid value is and the text shown when it is not.
 * Written with zod/mini, whose functions tree-shake, so an island that imports
 * one schema ships only what that schema uses.
 *
 * Each message is a catalogue text (lib/i18n/), never English filled in: a
 * text with placeholders is checked with a custom check whose `params` are
 * its values (a field's name as `{ text }`, translated with it), so the API
 * (server/middleware/json_body.ts) and a form put it into the reader's
 * language from its key.
 */
import * as z from "zod/mini";
import type { Text } from "./i18n/catalogue.ts";
import type { NoShowPolicy } from "./no_show.ts";
import type { DispatchMode } from "./dispatch_settings.ts";
import { LANGS } from "./i18n/lang.ts";
import { hasHiddenCharacters } from "./hidden_characters.ts";

export { hasHiddenCharacters };

/**
 * Top-level paths that can never be a tenant code: every one the site serves
 * (the app checks its routes against this list when it is assembled:
 * server/reserved_paths.ts), and a few kept for paths it may serve.
 */
export const RESERVED_CODES: ReadonlySet<string> = new Set([
  "about",
  "admin",
  "api",
  "brand",
  "build",
  "contact",
  "css",
  "favicon.ico",
  "favicon.svg",
  "flag.png",
  "healthz",
  "icons",
  "lang",
  "login",
  "manifest.webmanifest",
  "map",
  "metrics",
  "person.png",
  "privacy",
  "robots.txt",
  "shuttle.png",
  "static",
  "super",
  "terms",
  "ws",
]);

/**
 * Record ids (users, rides) are ULIDs (lib/ids.ts). Anything else in an id's
 * place names nothing, and is refused before it reaches a KV key (which
 * holds at most 2 KiB: a longer id would make the read throw).
 */
export const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const TENANT_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;

export const tenantCodeSchema = z.string().check(
  z.regex(TENANT_CODE_PATTERN, "Tenant code must be 2-32 lowercase letters, digits or hyphens"),
  z.refine((code) => !RESERVED_CODES.has(code), "That tenant code is reserved"),
);

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times must be 24-hour HH:MM"));

export const slotSchema = z.object({ start: hhmm, end: hhmm });
export type Slot = z.infer<typeof slotSchema>;

/** Day index "0" (Sunday) to "6" (Saturday) → slots (spec section 3, Schedule). */
export const scheduleSchema = z.partialRecord(
  z.enum(["0", "1", "2", "3", "4", "5", "6"]),
  z.array(slotSchema).check(z.maxLength(12)),
);
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * Where a tenant serves: a centre and a radius (its bounds, the same at every
 * door, are lib/tenant_settings.ts LIMITS.radius, checked by readSettings).
 */
export interface ServiceArea {
  lat: number;
  lng: number;
  radiusMeters: number;
  /** The place named in the outside-area alert, e.g. "downtown Greer". */
  label: string;
}

export interface Tenant {
  code: string;
  name: string;
  timezone: string;
  serviceArea: ServiceArea;
  createdAt: number;
  /** Sign-in texts an hour for sign-ins naming this tenant (default 500: lib/tenant_settings.ts). */
  smsPerHour?: number;
  /** The +1 regions beyond US and Canada it may text (lib/phone_regions.ts), set by super admins; none until set. */
  smsRegions?: string[];
  /** Shown to riders on the tenant's contact page; absent until set. */
  contactEmail?: string | null;
  /** 10 digits, shown to riders on the tenant's contact page; absent until set. */
  contactPhone?: string | null;
  /**
   * Its own Twilio number, E.164 ("+15551234567"): texts to it are its riders' (a ride booked by text), and texts
   * to its riders are sent from it; absent or null to share the site's number (TWILIO_FROM).
   */
  smsNumber?: string | null;
  /** #rrggbb, worn by the tenant's pages; the product's blue until set. */
  brandColor?: string;
  /** Who may join: "invite" admits only people an admin added; "open" until set. */
  joinPolicy?: "open" | "invite";
  /** Paused by the provider: no new rides, no driver going online; absent means active. */
  status?: TenantStatus;
  /** Its logo: the stored bytes' hash (kv/tenant_logos.ts) and drawn size; absent or null for the Hopper mark. */
  logo?: TenantLogoRef | null;
  /** How many days ahead its riders may book (1-30); 7 until set (lib/booking.ts). */
  maxDaysAhead?: number;
  /** How many standing rides one rider may hold (0-20); 5 until set (lib/tenant_settings.ts). */
  maxStandingRides?: number;
  /** The no-show policy (lib/no_show.ts); the defaults until set. */
  noShow?: NoShowPolicy;
  /** How it dispatches and what it promises riders (lib/dispatch_settings.ts); the defaults until set. */
  dispatchMode?: DispatchMode;
  maxWaitMinutes?: number;
  maxRideFactor?: number;
  maxRideExtraMinutes?: number;
  pooling?: boolean;
}

/** What a tenant record holds of its logo; the bytes live under their own key. */
export interface TenantLogoRef {
  /** The first 16 hex digits of the bytes' SHA-256: the `v` of the logo's URL. */
  hash: string;
  width: number;
  height: number;
}

export const TENANT_STATUSES = ["active", "suspended"] as const;
export type TenantStatus = typeof TENANT_STATUSES[number];

/** Contact form bounds (spec section 3: name, email, organization optional, message). */
export const INQUIRY_LIMITS = { name: 100, email: 254, organization: 200, message: 5000 } as const;

/**
 * An email address as a person types it: one "@" with text before it, no
 * spaces, and a dot inside the part after it. Plain string steps, not a
 * pattern, so its time is linear in the text (a 14 KB address took 0.22 s
 * against the old pattern).
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf("@");
  if (at < 1 || at !== text.lastIndexOf("@") || /\s/.test(text)) return false;
  const domain = text.slice(at + 1);
  const dot = domain.indexOf(".", 1);
  return dot > 0 && dot < domain.length - 1;
}

export const hiddenCharactersText = (label: string) => `${label} contains characters that are not allowed`;

/**
 * A trimmed text field: `label` names it in the error texts. Every check is
 * a custom one, so each refusal carries the label (and the limit) as values.
 */
function field(label: Text, max: number, required: boolean) {
  const named = { label: { text: label } };
  return z.custom<string>((value) => typeof value === "string", {
    error: (issue) => issue.input === undefined && required ? "{label} is required" : "{label} must be text",
    params: named,
    abort: true,
  }).check(
    z.trim(),
    ...(required
      ? [z.refine<string>((text) => text.length > 0, { error: "{label} is required", params: named, abort: true })]
      : []),
    // abort: a text past the limit is refused here, before any later check reads it.
    z.refine<string>((text) => text.length <= max, {
      error: "{label} must be at most {max} characters",
      params: { ...named, max },
      abort: true,
    }),
    z.refine<string>((text) => !hasHiddenCharacters(text), {
      error: "{label} contains characters that are not allowed",
      params: named,
    }),
  );
}

export const inquirySchema = z.object({
  name: field("Name", INQUIRY_LIMITS.name, true),
  email: field("Email", INQUIRY_LIMITS.email, true).check(
    z.refine(isEmailAddress, "Please enter a valid email address"),
  ),
  organization: z.optional(field("Organization", INQUIRY_LIMITS.organization, false)),
  message: field("Message", INQUIRY_LIMITS.message, true),
  tenant: z.optional(tenantCodeSchema),
});
export type InquiryInput = z.infer<typeof inquirySchema>;

/**
 * Profile update (spec section 3): name and email trimmed, "" clears; a photo
 * can only be removed here (null): new photos come through the upload call.
 */
/** A person's name as they or an admin type it: trimmed, up to 80 characters, "" for none. */
export const personNameSchema = field("Name", 80, false);

export const profileUpdateSchema = z.object({
  name: z.optional(z.nullable(personNameSchema)),
  email: z.optional(z.nullable(
    field("Email", INQUIRY_LIMITS.email, false).check(
      z.refine((v) => v === "" || isEmailAddress(v), "Please enter a valid email address"),
    ),
  )),
  photoUrl: z.optional(z.null("Upload a new photo with Upload New Photo; photoUrl can only be removed (null) here")),
  language: z.optional(z.enum(LANGS, "Choose a language: en or es")),
  /** Texts about the person's rides. */
  rideTexts: z.optional(z.boolean("rideTexts must be true or false")),
  /** Texts too when a device with ride alerts on was pushed the notice. */
  textsWithPush: z.optional(z.boolean("textsWithPush must be true or false")),
  /**
   * Standing accessibility needs, read by lib/needs.ts `readNeeds`
   * in the route (its list stays out of the bundles that use this schema).
   */
  needs: z.optional(z.unknown()),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
