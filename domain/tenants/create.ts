/**
 * A new organisation, the one way one is made: by the provider's console
 * (POST /api/super/tenants), the admin CLI (tenant:create) and the demo seed
 * (domain/tenants/demo.ts). Its code must be free and not reserved, and its
 * name, service area and time zone meet the settings page's rules
 * (lib/tenant_settings.ts), so a tenant made at any door can save its own
 * settings page. It starts with an empty week unless given one, and its first
 * staff (users made if new) join it in the same commit (with, from the
 * console, its audit record).
 */
import type { Store } from "../../kv/store.ts";
import { createTenant as writeTenant, getTenant } from "../../kv/tenants.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import type { TenantRole } from "../../lib/roles.ts";
import { type Schedule, type Tenant, TENANT_CODE_PATTERN, tenantCodeSchema } from "../../lib/schemas.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { done, type Outcome, refuse, refuseField } from "../refusal.ts";
import { checkSettings } from "./settings_rules.ts";

export const CODE_TAKEN: Text = "An organization with this code already exists";
export const EMPTY_WEEK: Schedule = { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] };

/** What a door was given; each field is checked here. */
export interface NewTenant {
  code?: unknown;
  name?: unknown;
  serviceArea?: unknown;
  timezone?: unknown;
}

export interface CreateOptions {
  /** Who made it: with it, the "tenant.created" record of its activity (the console's; the CLI and seed keep none). */
  by?: string;
  now: number;
  /** Its first staff, by phone number as typed; a bad number is refused naming `field`. */
  staff?: readonly { phone: unknown; role: TenantRole; field: string }[];
  schedule?: Schedule;
  /** Added to the tenant's commit (the seed's once-only marker): a failed check there makes it a taken code. */
  also?: (op: Deno.AtomicOperation) => void;
}

/** The tenant made, or why not: a bad field (400, with its path) or a taken code (409). */
export async function createTenant(kv: Store, input: NewTenant, options: CreateOptions): Promise<Outcome<Tenant>> {
  const code = tenantCodeSchema.safeParse(typeof input.code === "string" ? input.code : "");
  if (!code.success) {
    const reserved = typeof input.code === "string" && TENANT_CODE_PATTERN.test(input.code);
    return refuseField(
      400,
      "code",
      reserved ? "That tenant code is reserved" : "Tenant code must be 2-32 lowercase letters, digits or hyphens",
    );
  }
  const read = checkSettings({
    name: input.name ?? "",
    serviceArea: input.serviceArea ?? null,
    timezone: input.timezone ?? "",
  });
  if (read.refused) return read;
  const { name, serviceArea, timezone } = read.value;
  const phones = [];
  for (const { phone, role, field } of options.staff ?? []) {
    const number = typeof phone === "string" ? normalizePhone(phone) : null;
    if (!number) return refuseField(400, field, PHONE_ERROR);
    phones.push({ number, role });
  }
  const { by, now } = options;
  const tenant: Tenant = {
    code: code.data,
    name: name!,
    serviceArea: serviceArea!,
    timezone: timezone!,
    createdAt: now,
  };
  // A taken code is refused before the staff's users are made, so a refusal writes nothing. (Two creates of one
  // code at the same instant can still leave the loser's staff as users of no tenant, like someone who signed in.)
  if (await getTenant(kv, tenant.code)) return refuse(409, CODE_TAKEN);
  const staff = [];
  for (const { number, role } of phones) {
    staff.push({ userId: (await getOrCreateUserByPhone(kv, number, now)).id, role });
  }
  const admin = staff.find((s) => s.role === "admin")?.userId;
  const made = await writeTenant(kv, tenant, options.schedule ?? EMPTY_WEEK, {
    staff,
    audit: by === undefined ? undefined : {
      at: now,
      action: "tenant.created",
      by,
      target: tenant.code,
      details: admin ? { name: tenant.name, admin } : { name: tenant.name },
    },
    also: options.also,
  });
  return made ? done(tenant) : refuse(409, CODE_TAKEN);
}
