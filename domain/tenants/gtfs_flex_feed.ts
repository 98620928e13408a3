/**
 * An organisation's GTFS-Flex feed (lib/gtfs_flex/feed.ts) from what it
 * is made of: the tenant's name, area, contacts, days ahead and pause, its
 * schedule, its places, the site's address and the organisation's date.
 *
 * The version is a fingerprint of those inputs, so any change to them (a
 * new schedule, a moved area, a renamed place, a new day) makes a new
 * version, and nothing needs to be stored or remembered to say the feed is
 * stale. Reading the inputs costs one schedule read and one list of at most
 * MAX_PLACES places; the zip is built only for a version this process has
 * not built yet (trip planners fetch the feed again and again, mostly
 * unchanged).
 */
import type { Store } from "../../kv/store.ts";
import { listPlaces } from "../../kv/places.ts";
import { getSchedule } from "../../kv/tenants.ts";
import { localTime } from "../../lib/local_time.ts";
import { fingerprint } from "../../lib/hash.ts";
import { feedFiles, type FeedInput } from "../../lib/gtfs_flex/feed.ts";
import { zipFeed } from "../../lib/gtfs_flex/feed_zip.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { isPaused } from "../../lib/service_status.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";

export interface FeedVersion {
  version: string;
  /** The zip; built on first ask and kept for this version. */
  bytes(): Uint8Array<ArrayBuffer>;
}

/** The last zip built for each tenant, by version: one per tenant, replaced when its inputs change. */
const built = new Map<string, { version: string; bytes: Uint8Array<ArrayBuffer> }>();

/** The feed's current version, and its bytes when asked. */
export async function gtfsFlexFeed(kv: Store, tenant: Tenant, publicUrl: string, now: number): Promise<FeedVersion> {
  const settings = settingsOf(tenant);
  const [schedule, places] = await Promise.all([getSchedule(kv, tenant.code), listPlaces(kv, tenant.code)]);
  const inputs: Omit<FeedInput, "version"> = {
    tenant: {
      code: tenant.code,
      name: settings.name,
      timezone: settings.timezone,
      serviceArea: settings.serviceArea,
      contactPhone: settings.contactPhone,
      contactEmail: settings.contactEmail,
      maxDaysAhead: settings.maxDaysAhead,
      paused: isPaused(tenant),
    },
    schedule,
    places,
    publicUrl,
    today: localTime(now, settings.timezone).date,
  };
  const version = fingerprint(new TextEncoder().encode(JSON.stringify(inputs)));
  return {
    version,
    bytes() {
      const kept = built.get(tenant.code);
      if (kept?.version === version) return kept.bytes;
      const input = { ...inputs, version };
      const bytes = zipFeed(feedFiles(input), input.today);
      built.set(tenant.code, { version, bytes });
      return bytes;
    },
  };
}
