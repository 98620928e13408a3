/**
 * The texts Hopper sends by SMS, in the recipient's language: the
 * sign-in code in the language of the request that asked for it. Server only
 * (it reads the catalogue). Budgets, checked by tests/unit/sms_texts.test.ts
 * with every value filled: English within one GSM-7 segment (160 characters),
 * Spanish within one UCS-2 segment (70), since á, í, ó and ú are not in GSM-7
 * (docs/glossary.md, "Text messages"). The HELP reply is the one longer
 * text, bounded by HELP_SMS_MAX.
 */
import { translate } from "./i18n/catalogue.ts";
import type { Lang } from "./i18n/lang.ts";
import { formatPhone } from "./phone.ts";

export const CODE_SMS =
  "Your Hopper verification code is {code}. It expires in 10 minutes. Reply STOP to opt out, HELP for help." as const;

export function codeSms(lang: Lang, code: string): string {
  return translate(lang, CODE_SMS, { code });
}

/**
 * The reply to HELP (the organisation's contacts "in HELP
 * replies"). Longer than one segment by choice: naming an organisation and
 * both its contacts does not fit in 160 characters. HELP_SMS_MAX bounds the
 * whole reply (two GSM-7 segments and a little of a third, under carriers'
 * limits for concatenated texts).
 */
export const HELP_SMS_MAX = 320;
export const HELP_SMS = "Hopper rides for {organisations}. Reply STOP to opt out." as const;
export const HELP_ORG_CALL_OR_EMAIL = "{name}: call {phone} or email {email}" as const;
export const HELP_ORG_CALL = "{name}: call {phone}" as const;
export const HELP_ORG_EMAIL = "{name}: email {email}" as const;
export const HELP_GENERAL_SMS =
  "Hopper on-demand shuttles. For help, email {email} or see {url}. Reply STOP to opt out." as const;

/** The answers to STOP and START: what the number will and will not get from now. */
export const STOP_SMS = "You're unsubscribed from Hopper texts. Text START to opt back in." as const;
export const START_SMS = "You're subscribed to Hopper texts again. Reply HELP for help, STOP to opt out." as const;

export function stopSms(lang: Lang): string {
  return translate(lang, STOP_SMS);
}

export function startSms(lang: Lang): string {
  return translate(lang, START_SMS);
}

/**
 * To a person an admin added to an organisation, so the membership is not
 * made behind their back. Kept with the ride texts' catalogue area (two Spanish
 * segments at most): the organisation's name does not leave room for one.
 */
export const ADDED_SMS =
  "{organization} added you to its Hopper shuttle service. Sign in with this number to ride. Reply STOP to stop texts." as const;

export function addedSms(lang: Lang, organization: string): string {
  return translate(lang, ADDED_SMS, { organization });
}

/** The texts that must each fit one segment as they are (tests/unit/sms_texts.test.ts). */
export const ONE_SEGMENT_SMS = [CODE_SMS, STOP_SMS, START_SMS] as const;
/** The pieces of the HELP reply, bounded together by HELP_SMS_MAX instead. */
export const HELP_SMS_TEXTS = [
  HELP_SMS,
  HELP_ORG_CALL_OR_EMAIL,
  HELP_ORG_CALL,
  HELP_ORG_EMAIL,
  HELP_GENERAL_SMS,
] as const;

/** An organisation as the HELP reply names it: lib/tenant_settings.ts's contacts, and its code for the page. */
export interface HelpOrganisation {
  code: string;
  name: string;
  contactPhone: string | null;
  contactEmail: string | null;
}

/** The site's own contacts, for someone who belongs to no organisation. */
export interface HelpSite {
  publicUrl: string;
  contactEmail: string;
}

/**
 * The HELP reply: the organisation's name and contacts where the
 * number belongs to exactly one that gave a phone or an email; otherwise
 * (none, several, one with no contacts or with contacts too long to fit)
 * the site's CONTACT_EMAIL and contact page. Bounded by HELP_SMS_MAX.
 */
export function helpSms(lang: Lang, organisations: readonly HelpOrganisation[], site: HelpSite): string {
  const only = organisations.length === 1 ? contactsPiece(lang, organisations[0]) : null;
  const own = only ? translate(lang, HELP_SMS, { organisations: only }) : null;
  // An organisation's contacts too long for the bound are left for the site's.
  if (own && own.length <= HELP_SMS_MAX) return own;
  const text = translate(lang, HELP_GENERAL_SMS, { email: site.contactEmail, url: `${site.publicUrl}/contact` });
  return text.length <= HELP_SMS_MAX ? text : Array.from(text).slice(0, HELP_SMS_MAX).join("");
}

function contactsPiece(lang: Lang, org: HelpOrganisation): string | null {
  const phone = org.contactPhone ? formatPhone(org.contactPhone) : null;
  const email = org.contactEmail;
  if (phone && email) return translate(lang, HELP_ORG_CALL_OR_EMAIL, { name: org.name, phone, email });
  if (phone) return translate(lang, HELP_ORG_CALL, { name: org.name, phone });
  if (email) return translate(lang, HELP_ORG_EMAIL, { name: org.name, email });
  return null;
}
