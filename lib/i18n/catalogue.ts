/**
 * The Spanish catalogue, one file per area of the product (lib/i18n/es/),
 * and the texts each island needs. A text's key is its English
 * wording (as gettext does), so the spec's English stays word for word in the
 * code, and `Text`, the union of every key, makes `t("…")` of a text missing
 * from the Spanish catalogue fail `deno check`.
 *
 * Server only: the islands get their texts through the page
 * (components/Island.tsx), never by importing this file.
 */
import { EN_PLURALS } from "./en.ts";
import { activity } from "./es/activity.ts";
import { app } from "./es/app.ts";
import { admin } from "./es/admin.ts";
import { common } from "./es/common.ts";
import { provider } from "./es/provider.ts";
import { contact } from "./es/contact.ts";
import { dispatch } from "./es/dispatch.ts";
import { driver } from "./es/driver.ts";
import { errors } from "./es/errors.ts";
import { frame } from "./es/frame.ts";
import { login } from "./es/login.ts";
import { menu } from "./es/menu.ts";
import { pages } from "./es/pages.ts";
import { places } from "./es/places.ts";
import { reports } from "./es/reports.ts";
import { profile } from "./es/profile.ts";
import { ride } from "./es/ride.ts";
import { rider } from "./es/rider.ts";
import { settings } from "./es/settings.ts";
import { standing } from "./es/standing.ts";
import { sms } from "./es/sms.ts";
import { ride_sms } from "./es/ride_sms.ts";
import { sms_booking } from "./es/sms_booking.ts";
import { needs } from "./es/needs.ts";
import { push } from "./es/push.ts";
import { push_server } from "./es/push_server.ts";
import { phone_booking } from "./es/phone_booking.ts";
import { type Entry, fill, type Translate, type Values } from "./format.ts";
import type { Lang } from "./lang.ts";

export const AREAS = {
  common,
  frame,
  login,
  rider,
  standing,
  driver,
  ride,
  profile,
  menu,
  admin,
  dispatch,
  places,
  settings,
  activity,
  reports,
  provider,
  contact,
  pages,
  errors,
  sms,
  ride_sms,
  sms_booking,
  needs,
  app,
  push,
  push_server,
  phone_booking,
};
export type Area = keyof typeof AREAS;
export type Text = { [A in Area]: keyof typeof AREAS[A] }[Area] & string;

/** Every Spanish text by its English key. */
export const ES: Readonly<Record<Text, Entry>> = Object.assign({}, ...Object.values(AREAS));

/** The entries of `areas` in `lang`: the Spanish texts, or for English only the plural forms. */
export function textsFor(lang: Lang, areas: readonly Area[]): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  for (const area of areas) {
    for (const key of Object.keys(AREAS[area]) as Text[]) {
      const entry = lang === "es" ? ES[key] : EN_PLURALS[key];
      if (entry !== undefined) out[key] = entry;
    }
  }
  return out;
}

/** `text` in `lang`, placeholders filled. */
export function translate(lang: Lang, text: Text, values?: Values): string {
  const filled = fill(lang, (lang === "es" ? ES[text] : EN_PLURALS[text]) ?? text, values);
  // Spanish's article agrees with the hour: "a las 2:30" but "a la 1:30". Here, not in `fill`, since the server's
  // texts (the SMS) are where the hour is most often read; the screens' bundles have no byte to spare for it.
  return lang === "es" ? filled.replace(/\b([Ll])as (1:\d\d)/g, "$1a $2") : filled;
}

/** The server's translate function for `lang`, for the rules shared with the screens (they take a `Translate`). */
export function translator(lang: Lang): Translate {
  return Object.assign((text: Text, values?: Values) => translate(lang, text, values), { lang });
}
