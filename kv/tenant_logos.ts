/**
 * Organisation logos: the processed bytes live under
 * ["tenant_logos", code], one small value (well under KV's 64 KiB), and the
 * tenant record names them by hash (`logo`). Both change in one commit
 * (updateTenant's `also`) with the audit record, so the header never points
 * at bytes that are not there and removed bytes are never left behind.
 */
import type { Store } from "./store.ts";
import type { LogoType } from "../lib/images/logo.ts";
import type { Tenant } from "../lib/schemas.ts";
import { keys } from "./keys.ts";
import { PHOTO_KV_LIMIT, photoHash } from "./photos.ts";
import { getTenant, updateTenant } from "./tenants.ts";

export interface StoredLogo {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: LogoType;
  hash: string;
  width: number;
  height: number;
  updatedAt: number;
}

/** Who changed the logo, for the audit record ("settings.changed", fields ["logo"], as a settings save). */
export interface LogoChange {
  by: string;
  now: number;
}

export async function getTenantLogo(kv: Store, code: string): Promise<StoredLogo | null> {
  return (await kv.get<StoredLogo>(keys.tenantLogo(code))).value;
}

/** Stores `logo` as the tenant's and points the tenant at it, audited, in one commit. Null when the tenant is gone. */
export async function saveTenantLogo(
  kv: Store,
  code: string,
  logo: Pick<StoredLogo, "bytes" | "contentType" | "width" | "height">,
  change: LogoChange,
): Promise<Tenant | null> {
  if (logo.bytes.length > PHOTO_KV_LIMIT) {
    throw new Error(`A ${logo.bytes.length}-byte logo does not fit in one KV value`);
  }
  const stored: StoredLogo = { ...logo, hash: await photoHash(logo.bytes), updatedAt: change.now };
  const ref = { hash: stored.hash, width: stored.width, height: stored.height };
  return await updateTenant(
    kv,
    code,
    (t) => ({ ...t, logo: ref }),
    () => audited(code, change),
    (op) => op.set(keys.tenantLogo(code), stored),
  );
}

/**
 * Takes the tenant back to the Hopper mark: clears its `logo` and deletes the
 * bytes in one commit, audited when there was a logo (`removed`). Null when
 * the tenant is gone.
 */
export async function removeTenantLogo(
  kv: Store,
  code: string,
  change: LogoChange,
): Promise<{ tenant: Tenant; removed: boolean } | null> {
  // Nothing to remove: no write (a repeated DELETE leaves the store as it was).
  const current = await getTenant(kv, code);
  if (!current?.logo) return current && { tenant: current, removed: false };
  let removed = false;
  const tenant = await updateTenant(
    kv,
    code,
    (t) => ({ ...t, logo: null }),
    (before) => {
      removed = Boolean(before.logo);
      return removed ? audited(code, change) : null;
    },
    (op) => op.delete(keys.tenantLogo(code)),
  );
  return tenant && { tenant, removed };
}

function audited(code: string, { by, now }: LogoChange) {
  return { at: now, action: "settings.changed", by, target: code, details: { fields: ["logo"] } };
}
