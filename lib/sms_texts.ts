/**
 * The texts Hopper sends by SMS, in the recipient's language (issue 17): the
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
 * The reply to HELP (issue 19: the organisation's contacts "in HELP
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
export const HELP_ORG_PAGE = "{name}: see {url}" as const;
export const HELP_GENERAL_SMS =
  "Hopper on-demand shuttles. For help, email {email} or see {url}. Reply STOP to opt out." as const;

/** The texts that must each fit one segment as they are (tests/unit/sms_texts.test.ts). */
export const ONE_SEGMENT_SMS = [CODE_SMS] as const;
/** The pieces of the HELP reply, bounded together by HELP_SMS_MAX instead. */
export const HELP_SMS_TEXTS = [
  HELP_SMS,
  HELP_ORG_CALL_OR_EMAIL,
  HELP_ORG_CALL,
  HELP_ORG_EMAIL,
  HELP_ORG_PAGE,
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
 * The HELP reply for someone who belongs to `organisations`: each named with
 * its phone and/or email, or its contact page when it gave neither, as many
 * as fit in HELP_SMS_MAX (an organisation whose contacts are too long is
 * named with its page instead). Nobody's organisation, or none that fits:
 * the site's contact address and page.
 */
export function helpSms(lang: Lang, organisations: readonly HelpOrganisation[], site: HelpSite): string {
  const pieces: string[] = [];
  const whole = (list: string[]) => translate(lang, HELP_SMS, { organisations: list.join("; ") });
  for (const org of organisations) {
    for (const piece of [contactsPiece(lang, org, site), pagePiece(lang, org, site)]) {
      if (piece !== null && whole([...pieces, piece]).length <= HELP_SMS_MAX) {
        pieces.push(piece);
        break;
      }
    }
  }
  if (pieces.length > 0) return whole(pieces);
  const general = translate(lang, HELP_GENERAL_SMS, { email: site.contactEmail, url: `${site.publicUrl}/contact` });
  return general.length <= HELP_SMS_MAX ? general : Array.from(general).slice(0, HELP_SMS_MAX).join("");
}

function contactsPiece(lang: Lang, org: HelpOrganisation, site: HelpSite): string {
  const phone = org.contactPhone ? formatPhone(org.contactPhone) : null;
  const email = org.contactEmail;
  if (phone && email) return translate(lang, HELP_ORG_CALL_OR_EMAIL, { name: org.name, phone, email });
  if (phone) return translate(lang, HELP_ORG_CALL, { name: org.name, phone });
  if (email) return translate(lang, HELP_ORG_EMAIL, { name: org.name, email });
  return pagePiece(lang, org, site);
}

function pagePiece(lang: Lang, org: HelpOrganisation, site: HelpSite): string {
  return translate(lang, HELP_ORG_PAGE, { name: org.name, url: `${site.publicUrl}/${org.code}/contact` });
}
