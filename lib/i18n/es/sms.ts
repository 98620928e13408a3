/** Spanish for the sms area (words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const sms = {
  "Your Hopper verification code is {code}. It expires in 10 minutes. Reply STOP to opt out, HELP for help.":
    "Su código de Hopper es {code}. Vence en 10 min. STOP: salir. HELP: ayuda",
  // The HELP reply (lib/sms_texts.ts): written without accents, so a reply naming no accented name stays GSM-7.
  "Hopper rides for {organisations}. Reply STOP to opt out.":
    "Viajes de Hopper para {organisations}. Responda STOP para salir.",
  "{name}: call {phone} or email {email}": "{name}: llame al {phone} o escriba a {email}",
  "{name}: call {phone}": "{name}: llame al {phone}",
  "{name}: email {email}": "{name}: escriba a {email}",
  "Hopper on-demand shuttles. For help, email {email} or see {url}. Reply STOP to opt out.":
    "Hopper, transporte a pedido. Para ayuda, escriba a {email} o vea {url}. Responda STOP para salir.",
  // The answers to STOP and START.
  "You're unsubscribed from Hopper texts. Text START to opt back in.":
    "Se dio de baja de los mensajes de Hopper. Envíe START para volver.",
  "You're subscribed to Hopper texts again. Reply HELP for help, STOP to opt out.":
    "Volverá a recibir mensajes de Hopper. HELP: ayuda. STOP: salir.",
} as const satisfies Record<string, Entry>;
