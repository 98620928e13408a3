/**
 * Every KV key shape in one place: no other module writes a raw key array.
 * Plural snake_case prefixes, most specific part last, so one prefix lists a
 * tenant's (or a user's) entries of a kind in key order.
 */
export const keys = {
  /** The whole store (backups, kv/backup.ts). */
  everything: () => [] as const,
  meta: (name: "initialized" | "jwt_secret") => ["meta", name] as const,
  user: (id: string) => ["users", id] as const,
  users: () => ["users"] as const,
  userByPhone: (phone: string) => ["users_by_phone", phone] as const,
  /** The devices a person gets ride alerts on (kv/push_devices.ts): one value of up to five subscriptions. */
  pushDevices: (userId: string) => ["push_devices", userId] as const,
  /** A driver of the tenant who has ride-alert devices (kv/push_drivers.ts): who a new request may push to. */
  pushDriver: (tenant: string, userId: string) => ["push_drivers", tenant, userId] as const,
  pushDrivers: (tenant: string) => ["push_drivers", tenant] as const,
  member: (tenant: string, userId: string) => ["members", tenant, userId] as const,
  members: (tenant: string) => ["members", tenant] as const,
  userTenant: (userId: string, tenant: string) => ["user_tenants", userId, tenant] as const,
  userTenants: (userId: string) => ["user_tenants", userId] as const,
  session: (id: string) => ["sessions", id] as const,
  userSession: (userId: string, sessionId: string) => ["sessions_by_user", userId, sessionId] as const,
  userSessions: (userId: string) => ["sessions_by_user", userId] as const,
  otp: (phone: string) => ["otp", phone] as const,
  ride: (tenant: string, id: string) => ["rides", tenant, id] as const,
  rides: (tenant: string) => ["rides", tenant] as const,
  activeRide: (tenant: string, id: string) => ["rides_active", tenant, id] as const,
  activeRides: (tenant: string) => ["rides_active", tenant] as const,
  /** Every tenant's active rides (metrics). */
  activeRidesEverywhere: () => ["rides_active"] as const,
  /** A rider's active ride, the whole ride (kv/rides.ts). */
  riderActive: (tenant: string, userId: string) => ["rider_active", tenant, userId] as const,
  riderActivesEverywhere: () => ["rider_active"] as const,
  rideByRider: (tenant: string, userId: string, id: string) => ["rides_by_rider", tenant, userId, id] as const,
  driverActive: (tenant: string, driverId: string, id: string) => ["driver_active", tenant, driverId, id] as const,
  driverActives: (tenant: string, driverId: string) => ["driver_active", tenant, driverId] as const,
  driverActivesEverywhere: () => ["driver_active"] as const,
  /** The id of the one ride the driver has on-the-way or arrived; absent when none (kv/rides.ts). */
  driverInProgress: (tenant: string, driverId: string) => ["driver_in_progress", tenant, driverId] as const,
  /** The admin trip-status index (lib/trips.ts): newest first within each status. */
  rideByTripStatus: (tenant: string, status: string, id: string) =>
    ["rides_by_trip_status", tenant, status, id] as const,
  ridesByTripStatus: (tenant: string, status: string) => ["rides_by_trip_status", tenant, status] as const,
  tripStatusIndex: (tenant: string) => ["rides_by_trip_status", tenant] as const,
  /** How many of the tenant's rides are in each ride status (a KvU64 kept by every ride write). */
  rideCount: (tenant: string, status: string) => ["ride_counts", tenant, status] as const,
  driver: (tenant: string, userId: string) => ["drivers", tenant, userId] as const,
  drivers: (tenant: string) => ["drivers", tenant] as const,
  feed: (tenant: string, seq: number) => ["feed", tenant, seq] as const,
  feedFrom: (tenant: string) => ["feed", tenant] as const,
  feedHead: (tenant: string) => ["feed_head", tenant] as const,
  driversHead: (tenant: string) => ["drivers_head", tenant] as const,
  /** Moves only when what a driver's vehicle takes may have changed: their word, their vehicle, a vehicle's spaces. */
  vehiclesHead: (tenant: string) => ["vehicles_head", tenant] as const,
  /** Of old stores: a number's lock state, which could lock for good (dropped by kv/migrations.ts). */
  oldAuthFailures: () => ["auth_failures"] as const,
  /** Failures at a number from addresses it has not signed in from, this year (lib/lockout.ts). */
  numberFailures: (phone: string) => ["auth_number_failures", phone] as const,
  /** An address the number signed in from (180 days): it may still try when strangers may not. */
  knownAddress: (phone: string, address: string) => ["auth_known_addresses", phone, address] as const,
  knownAddresses: (phone: string) => ["auth_known_addresses", phone] as const,
  /** A number strangers may no longer guess at (lib/lockout.ts), kept while it is: the admins' list of locks. */
  lockedNumber: (phone: string) => ["auth_locked_numbers", phone] as const,
  lockedNumbers: () => ["auth_locked_numbers"] as const,
  /** A device that signed the number in (the SHA-256 of its key, lib/device_key.ts): its guesses pass the lock. */
  deviceKey: (phone: string, keyHash: string) => ["auth_device_keys", phone, keyHash] as const,
  tenant: (code: string) => ["tenants", code] as const,
  tenants: () => ["tenants"] as const,
  schedule: (tenant: string) => ["schedule", tenant] as const,
  /** The dates ("YYYY-MM-DD") an admin marked closed, sorted (kv/tenants.ts). */
  closedDates: (tenant: string) => ["closed_dates", tenant] as const,
  /** A rider's standing ride (kv/standing_rides.ts). */
  standingRide: (tenant: string, id: string) => ["standing_rides", tenant, id] as const,
  /** Every tenant's standing rides: the sweep's list. */
  standingRidesEverywhere: () => ["standing_rides"] as const,
  /** The ids of a rider's standing rides in the tenant: the cap is counted on it in the writing commit. */
  riderStandingRides: (tenant: string, userId: string) => ["rider_standing_rides", tenant, userId] as const,
  /** What became of one date of a standing ride: its booking's id, or why it was skipped. Written once. */
  standingOccurrence: (tenant: string, id: string, date: string) => ["standing_occurrences", tenant, id, date] as const,
  standingOccurrences: (tenant: string, id: string) => ["standing_occurrences", tenant, id] as const,
  /** A tenant's named places (lib/places.ts), and each one's folded name, which is unique. */
  place: (tenant: string, id: string) => ["places", tenant, id] as const,
  places: (tenant: string) => ["places", tenant] as const,
  placeByName: (tenant: string, folded: string) => ["places_by_name", tenant, folded] as const,
  /** A tenant's vehicles (lib/vehicles.ts), and each one's folded name, which is unique. */
  vehicle: (tenant: string, id: string) => ["vehicles", tenant, id] as const,
  vehicles: (tenant: string) => ["vehicles", tenant] as const,
  vehicleByName: (tenant: string, folded: string) => ["vehicles_by_name", tenant, folded] as const,
  /** The online driver who holds a vehicle (their user id): claimed in the commit that puts them online. */
  vehicleDriver: (tenant: string, vehicleId: string) => ["vehicle_drivers", tenant, vehicleId] as const,
  /** A vehicle's plan in automatic dispatch (kv/plans.ts): its stops still to do, in order. */
  plan: (tenant: string, vehicleId: string) => ["plans", tenant, vehicleId] as const,
  plans: (tenant: string) => ["plans", tenant] as const,
  everyPlan: () => ["plans"] as const,
  /** Changed by every place write: a new place checks it, so two at once cannot pass the count together. */
  placesHead: (tenant: string) => ["places_head", tenant] as const,
  /** Who did what to whom in a tenant (admin actions), oldest first. */
  audit: (tenant: string, id: string) => ["audit", tenant, id] as const,
  audits: (tenant: string) => ["audit", tenant] as const,
  /** Every tenant's audit records in one time order (the provider's console): the record and its tenant. */
  auditEverywhere: (id: string, tenant: string) => ["audit_all", id, tenant] as const,
  auditsEverywhere: () => ["audit_all"] as const,
  /** Which one-off store migrations have run (kv/migrations.ts); never backed up: the importing store decides. */
  migrationDone: (name: string) => ["migrations", name] as const,
  /** What a rider has been told about their ride (kv/ride_notices.ts). */
  rideNotices: (tenant: string, rideId: string) => ["ride_notices", tenant, rideId] as const,
  inquiry: (id: string) => ["inquiries", id] as const,
  inquiries: () => ["inquiries"] as const,
  /** One shard of a count of hits in a window (kv/rate_limits.ts); shard 0 for unsharded limits. */
  rateWindow: (bucket: string, subject: string, windowStart: number, shard = 0) =>
    ["rate_limits", bucket, subject, windowStart, shard] as const,
  rateWindows: (bucket: string, subject: string) => ["rate_limits", bucket, subject] as const,
  /** Never written: GET /healthz reads it to see that KV answers (kv/health.ts). */
  health: () => ["health"] as const,
  /** A socket ticket by the SHA-256 of its text: single use, 30 s (kv/tickets.ts). */
  wsTicket: (hash: string) => ["ws_tickets", hash] as const,
  /** A logout or removed role that open sockets must hear (kv/access_changes.ts); the head is their doorbell. */
  accessChange: (id: string) => ["access_changes", id] as const,
  accessChanges: () => ["access_changes"] as const,
  accessHead: () => ["access_head"] as const,
  /**
   * Open live sockets of one session, user or client address held by one isolate (kv/socket_leases.ts): a number,
   * counted while `socketHolder(holder)` is alive. Listed by owner, so every isolate sees every isolate's sockets.
   */
  socketCount: (kind: string, owner: string, holder: string) => ["socket_counts", kind, owner, holder] as const,
  socketCounts: (kind: string, owner: string) => ["socket_counts", kind, owner] as const,
  /** Moved by every commit that adds a socket to the owner's count, so two such commits cannot both pass a bound. */
  socketCountHead: (kind: string, owner: string) => ["socket_count_heads", kind, owner] as const,
  /** An isolate holding sockets: `{ expiresAt }`, renewed every few seconds; a lapsed one's counts are not counted. */
  socketHolder: (holder: string) => ["socket_holders", holder] as const,
  socketHolders: () => ["socket_holders"] as const,
  /**
   * A 10-digit number that texted STOP (kv/sms_opt_outs.ts): `{ at }`. Kept by number, not by user, so it holds
   * for a number with no account and outlives an account's removal.
   */
  smsOptOut: (phone: string) => ["sms_opt_outs", phone] as const,
  /** A text Twilio posted to the webhook, by its MessageSid: `{ at }`, kept a day so a replay is ignored. */
  twilioMessage: (sid: string) => ["twilio_messages", sid] as const,
  /**
   * A ride booked by text (kv/sms_conversations.ts): the conversation of a 10-digit number with the tenant whose
   * number it texted, or with "-", the number tenants share, until it names one.
   */
  smsConversation: (phone: string, scope: string) => ["sms_conversations", phone, scope] as const,
  /** A tenant's conversations waiting for a person, by id: `{ phone, scope }` of the conversation. */
  smsWaiting: (tenant: string, id: string) => ["sms_waiting", tenant, id] as const,
  smsWaitings: (tenant: string) => ["sms_waiting", tenant] as const,
  /** A user's profile photo: the stored WebP or JPEG bytes (kv/photos.ts). */
  photo: (userId: string) => ["photos", userId] as const,
  /** An organisation's logo: the stored WebP, PNG or JPEG bytes (kv/tenant_logos.ts). */
  tenantLogo: (code: string) => ["tenant_logos", code] as const,
  /**
   * Rides booked ahead, every tenant's in one time order by pickup time, so the hand-over sweep
   * (server/hand_over.ts) reads only the due ones: `until` ends a list before that time.
   */
  scheduledRide: (at: number, tenant: string, id: string) => ["rides_scheduled", at, tenant, id] as const,
  scheduledRides: () => ["rides_scheduled"] as const,
  scheduledRidesUntil: (at: number) => ["rides_scheduled", at] as const,
  /** The ids of a rider's bookings, checked by each booking's commit: at most MAX_SCHEDULED. */
  riderScheduled: (tenant: string, userId: string) => ["rider_scheduled", tenant, userId] as const,
  /** Every ride of a rider (their history: kv/ride_history.ts). */
  ridesByRider: (tenant: string, userId: string) => ["rides_by_rider", tenant, userId] as const,
  /** A rider's no-show (kv/no_shows.ts): when the ride was marked, written in the move's commit. */
  riderNoShow: (tenant: string, userId: string, rideId: string) => ["rider_no_shows", tenant, userId, rideId] as const,
  riderNoShows: (tenant: string, userId: string) => ["rider_no_shows", tenant, userId] as const,
  /** When an admin last lifted the rider's pause: no-shows before it no longer count. */
  noShowsCountedFrom: (tenant: string, userId: string) => ["no_shows_counted_from", tenant, userId] as const,
  /**
   * What a tenant holds against a phone number once its member is gone (kv/number_holds.ts): a block, a pause.
   * Keyed by a keyed hash of the number (lib/number_hash.ts), never the number; the tenant last, so an export
   * lists a number's holds with one prefix.
   */
  numberHold: (numberHash: string, tenant: string) => ["number_holds", numberHash, tenant] as const,
  numberHolds: (numberHash: string) => ["number_holds", numberHash] as const,
  /** The sum and the number of a driver's ratings: KvU64s added to with each rating. */
  driverRatingSum: (tenant: string, driverId: string) => ["driver_rating_sums", tenant, driverId] as const,
  driverRatingCount: (tenant: string, driverId: string) => ["driver_rating_counts", tenant, driverId] as const,
  /** A tenant's rides of one local day, summed up (kv/report_rollups.ts): written with each ride change. */
  reportDay: (tenant: string, date: string) => ["report_days", tenant, date] as const,
  reportDays: (tenant: string) => ["report_days", tenant] as const,
  /**
   * One driver's completed rides of one local month, by day: a month per value keeps a year's report
   * to a dozen values per driver.
   */
  reportDriverMonth: (tenant: string, month: string, driverId: string) =>
    ["report_driver_months", tenant, month, driverId] as const,
  reportDriverMonths: (tenant: string) => ["report_driver_months", tenant] as const,
  /** Milliseconds and meters of online drivers' service on one local day: KvU64 sums. */
  reportServiceMs: (tenant: string, date: string) => ["report_service", tenant, date, "ms"] as const,
  reportServiceMeters: (tenant: string, date: string) => ["report_service", tenant, date, "meters"] as const,
  reportService: (tenant: string) => ["report_service", tenant] as const,
  /** The part of reportServiceMs driven in one of the tenant's vehicles (its driver named it going online). */
  reportServiceVehicleMs: (tenant: string, date: string) => ["report_service", tenant, date, "vehicle_ms"] as const,
  /** One vehicle's completed rides of one local day of pickup (lib/sharing.ts VehicleDay). */
  reportVehicleDay: (tenant: string, date: string, vehicleId: string) =>
    ["report_vehicle_days", tenant, date, vehicleId] as const,
  reportVehicleDays: (tenant: string) => ["report_vehicle_days", tenant] as const,
  /** The tenant's vehicles' figures of one local day, summed (lib/sharing.ts SharingDay). */
  reportSharingDay: (tenant: string, date: string) => ["report_sharing_days", tenant, date] as const,
  reportSharingDays: (tenant: string) => ["report_sharing_days", tenant] as const,
};
