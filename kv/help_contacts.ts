/**
 * Whom a phone number belongs to, for the HELP reply: the person's
 * chosen language and the organisations they are a member of, with the
 * contacts each gave in its settings. Reads the phone index, the user, their
 * memberships' index and each tenant; writes nothing.
 */
import type { Store } from "./store.ts";
import type { Lang } from "../lib/i18n/lang.ts";
import type { HelpOrganisation } from "../lib/sms_texts.ts";
import { settingsOf } from "../lib/tenant_settings.ts";
import { keys } from "./keys.ts";
import { listUserTenantCodes } from "./members.ts";
import { getTenant } from "./tenants.ts";
import { getUser } from "./users.ts";

export interface HelpContacts {
  /** The language the person chose, or null when they chose none or have no account. */
  language: Lang | null;
  /** Their organisations in code order; [] for a number with no account or no membership. */
  organisations: HelpOrganisation[];
}

/** The language and organisations of the person with this 10-digit number. */
export async function helpContactsFor(kv: Store, phone: string): Promise<HelpContacts> {
  const userId = (await kv.get<string>(keys.userByPhone(phone))).value;
  const user = userId ? await getUser(kv, userId) : null;
  if (!user) return { language: null, organisations: [] };
  const organisations: HelpOrganisation[] = [];
  for (const code of await listUserTenantCodes(kv, user.id)) {
    const tenant = await getTenant(kv, code);
    if (!tenant) continue;
    const { name, contactPhone, contactEmail } = settingsOf(tenant);
    organisations.push({ code, name, contactPhone, contactEmail });
  }
  return { language: user.language ?? null, organisations };
}
