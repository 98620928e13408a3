/**
 * The texts Hopper sends by SMS, in the recipient's language (issue 17): the
 * sign-in code in the language of the request that asked for it. Server only
 * (it reads the catalogue). Budgets, checked by tests/unit/sms_texts.test.ts
 * with every value filled: English within one GSM-7 segment (160 characters),
 * Spanish within one UCS-2 segment (70), since á, í, ó and ú are not in GSM-7
 * (docs/glossary.md, "Text messages").
 */
import { translate } from "./i18n/catalogue.ts";
import type { Lang } from "./i18n/lang.ts";

export const CODE_SMS =
  "Your Hopper verification code is {code}. It expires in 10 minutes. Reply STOP to opt out, HELP for help." as const;

export function codeSms(lang: Lang, code: string): string {
  return translate(lang, CODE_SMS, { code });
}
