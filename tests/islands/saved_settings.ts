/** The demo tenant's settings as GET /{t}/api/admin/settings answers them before any change: the settings islands' fixture. */
import type { TenantSettings } from "../../lib/tenant_settings.ts";

export const SAVED: TenantSettings = {
  name: "City of Greer",
  serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
  timezone: "America/New_York",
  contactEmail: null,
  contactPhone: null,
  smsNumber: null,
  brandColor: "#1d4ed8",
  smsPerHour: 500,
  smsRegions: [],
  joinPolicy: "open",
  logoUrl: null,
  maxDaysAhead: 7,
  maxStandingRides: 5,
  noShow: { warnAt: 2, suspendAt: 3, suspendDays: 7, windowDays: 30, waitMinutes: 3 },
  dispatchMode: "drivers",
  maxWaitMinutes: 15,
  maxRideFactor: 1.5,
  maxRideExtraMinutes: 10,
  pooling: true,
};
