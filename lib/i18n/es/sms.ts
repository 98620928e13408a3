/** Spanish for the sms area (issue 17; words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const sms = {
  "Your Hopper verification code is {code}. It expires in 10 minutes. Reply STOP to opt out, HELP for help.":
    "Su código de Hopper es {code}. Vence en 10 min. STOP: salir. HELP: ayuda",
} as const satisfies Record<string, Entry>;
