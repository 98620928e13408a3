/**
 * The settings rules (lib/tenant_settings.ts `readSettings`, which the
 * settings page runs too) with a refusal for their answer: the refused
 * field's text as a catalogue key and its values, so each door words it in
 * its reader's language.
 */
import { done, type Outcome, type Refusal, refuseField } from "../refusal.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Translate, Values } from "../../lib/i18n/format.ts";
import type { NoShowPolicy } from "../../lib/no_show.ts";
import { readSettings, type TenantSettings } from "../../lib/tenant_settings.ts";

export type SettingsChange = Partial<Omit<TenantSettings, "logoUrl">>;

/** The change `body` asks for, checked; or the first bad field, refused 400 with its path. */
export function checkSettings(body: Record<string, unknown>, noShowNow?: NoShowPolicy): Outcome<SettingsChange> {
  let said: { text: Text; values?: Values } | null = null;
  // The rules word one text for the refused field; it is kept as the key it is, not as English.
  const keep: Translate = Object.assign((text: Text, values?: Values) => {
    said = { text, values };
    return text;
  }, { lang: "en" as const });
  const read = readSettings(body, keep, noShowNow);
  if (read.ok) return done(read.value);
  const { text, values } = said as unknown as { text: Text; values?: Values };
  return refuseField(400, read.field, text, values) satisfies Refusal;
}
