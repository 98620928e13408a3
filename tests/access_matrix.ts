/**
 * Who may do what: every HTTP route and socket of the app
 * × caller × tenant → the outcome a client sees. tests/api/access_matrix.test.ts
 * walks the whole table against the real app and fails when the app has a
 * route this table does not list.
 *
 * Callers are members of tenant A (rider, dispatcher, driver, admin), a super admin (a
 * member of no tenant) and anonymous. "own": the path names tenant A and any
 * object id in it is tenant A's. "other": the path names tenant B, where the
 * caller has no membership, and object ids are tenant B's. Outcomes are the
 * answer's status, or for a socket 101 (opened and answering) or the close
 * code. Each list is [anonymous, rider, dispatcher, driver, admin, super]. A
 * dispatcher is a rider who also holds the dispatcher role: outside the
 * dispatch calls it gets what a rider gets.
 *
 * The rule: the tenant in the path must match a membership of the caller
 * (super excepted), so "other" answers no 2xx to anyone but super, except on
 * `public` rows (the same answer for anyone, holding nothing of a person) and
 * the `self` row (the caller's own roles there: `[]`). Object ids of another
 * tenant answer 404 (`foreignId`: path of tenant A, id of tenant B).
 */
export const CALLERS = ["anonymous", "rider", "dispatcher", "driver", "admin", "super"] as const;
export type Caller = typeof CALLERS[number];
type Outcomes = readonly [number, number, number, number, number, number];

export interface AccessRow {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The route pattern as Hono lists it in `app.routes`. */
  path: string;
  /** A query string that makes a variant of the route (same pattern, other rule). */
  query?: string;
  /**
   * Sockets: "token" sends the caller's session token (`?token=`, the spec's
   * clients); "ticket" a single-use ticket the caller got from its own
   * tenant A (`POST /greer/api/ws-ticket`, the islands), used on the path's tenant.
   */
  credential?: "token" | "ticket";
  kind: "api" | "page" | "asset" | "socket";
  own: Outcomes;
  other: Outcomes;
  /** Same answer for anyone, signed in or not: no person's data in it. */
  public?: true;
  /** Answers about the caller only (a non-member hears `{ roles: [] }`). */
  self?: true;
  /** The path holds an object id: with tenant A's path and tenant B's id, what the callers get. */
  foreignId?: Outcomes;
}

/** The icons' file pattern, as routes/web_app.ts names it (lib/web_app.ts APP_ICON_ROUTE). */
const ICON_FILE = ":file{icon-(?:192|512|maskable-512)\\.png}";

const SAME = (o: Outcomes) => ({ own: o, other: o });
const ALL_200: Outcomes = [200, 200, 200, 200, 200, 200];
const SIGNED_IN_200: Outcomes = [401, 200, 200, 200, 200, 200];
const NON_MEMBER: Outcomes = [401, 403, 403, 403, 403, 200];
const NON_MEMBER_CREATED: Outcomes = [401, 403, 403, 403, 403, 201];
const DRIVERS: Outcomes = [401, 403, 403, 200, 200, 200];
const DISPATCHERS: Outcomes = [401, 403, 200, 403, 200, 200];
const ADMINS: Outcomes = [401, 403, 403, 403, 200, 200];
const ADMINS_CREATED: Outcomes = [401, 403, 403, 403, 201, 201];
/** The provider's calls: only a super admin gets a 2xx. */
const SUPERS: Outcomes = [401, 403, 403, 403, 403, 200];
const OPEN = 101;
/** Upgraded, then closed 1008 with the reason: a signed-in person refused. */
const POLICY = 1008;
/** Refused before the upgrade (no valid credentials, or a ticket of another tenant): an HTTP 401. */
const NO_SOCKET = 401;

const page = (path: string, outcomes: Outcomes = ALL_200): AccessRow => ({
  method: "GET",
  path,
  kind: "page",
  ...SAME(outcomes),
  public: true,
});

export const ACCESS_MATRIX: readonly AccessRow[] = [
  // Static files and machine routes.
  { method: "GET", path: "/build/*", kind: "asset", ...SAME(ALL_200), public: true },
  // Source maps are served only with PUBLIC_SOURCE_MAPS=true (tests/api/headers.test.ts).
  {
    method: "GET",
    path: "/build/:name{.+\\.map}",
    kind: "asset",
    ...SAME([404, 404, 404, 404, 404, 404]),
    public: true,
  },
  { method: "GET", path: "/shuttle.png", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/flag.png", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/person.png", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/favicon.svg", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/brand/:file{[0-9a-fA-F]{6}\\.css}", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/robots.txt", kind: "asset", ...SAME(ALL_200), public: true },
  // The installable app: Hopper's own manifest and icons for the public site.
  { method: "GET", path: "/manifest.webmanifest", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: `/icons/${ICON_FILE}`, kind: "asset", ...SAME(ALL_200), public: true },
  // MAP_PMTILES_PATH's archive: map tiles for anyone, asked for by range (206), as maps read it.
  { method: "GET", path: "/map/tiles.pmtiles", kind: "asset", ...SAME([206, 206, 206, 206, 206, 206]), public: true },
  { method: "GET", path: "/healthz", kind: "api", ...SAME(ALL_200), public: true },
  // Only METRICS_TOKEN opens it: a user's session token is not it.
  { method: "GET", path: "/metrics", kind: "api", ...SAME([401, 401, 401, 401, 401, 401]), public: true },

  // Sign-in and the signed-in user's own account (no tenant in the path).
  { method: "POST", path: "/api/inquiries", kind: "api", ...SAME([201, 201, 201, 201, 201, 201]), public: true },
  // Twilio's incoming-text webhook: Twilio's signature admits it, not a session; it answers about the
  // sending number only (the HELP reply names that number's organisations and their public contacts).
  { method: "POST", path: "/api/sms/inbound", kind: "api", ...SAME(ALL_200), public: true },
  { method: "POST", path: "/api/auth/login", kind: "api", ...SAME(ALL_200), public: true },
  // Signing in at tenant B makes the caller a rider of B: that is how anyone joins a tenant.
  { method: "POST", path: "/api/auth/verify", kind: "api", ...SAME(ALL_200), public: true },
  { method: "POST", path: "/api/auth/logout", kind: "api", ...SAME(SIGNED_IN_200) },
  { method: "GET", path: "/api/users/profile", kind: "api", ...SAME(SIGNED_IN_200) },
  { method: "PUT", path: "/api/users/profile", kind: "api", ...SAME(SIGNED_IN_200) },
  { method: "POST", path: "/api/users/profile/image-upload", kind: "api", ...SAME(SIGNED_IN_200) },
  // The caller's own account only (the call deletes a twin of the caller: same roles, own phone).
  { method: "DELETE", path: "/api/users/me", kind: "api", ...SAME([401, 204, 204, 204, 204, 204]) },
  { method: "GET", path: "/api/users/me/export", kind: "api", ...SAME(SIGNED_IN_200) },
  // Ride alerts: the caller's own devices; the push key is the same for anyone.
  { method: "POST", path: "/api/users/me/push", kind: "api", ...SAME([401, 201, 201, 201, 201, 201]) },
  { method: "DELETE", path: "/api/users/me/push", kind: "api", ...SAME([401, 204, 204, 204, 204, 204]) },
  { method: "GET", path: "/api/push/key", kind: "api", ...SAME(ALL_200), public: true },
  // Photos load in <img> without a token; the URL needs the photo's content hash (?v=), not only the user id.
  { method: "GET", path: "/api/users/:id/photo", kind: "asset", ...SAME(ALL_200), public: true },

  // The provider's console: no tenant in the path, super admins only.
  { method: "GET", path: "/api/super/audit", kind: "api", ...SAME(SUPERS) },
  { method: "GET", path: "/api/super/tenants", kind: "api", ...SAME(SUPERS) },
  { method: "POST", path: "/api/super/tenants", kind: "api", ...SAME([401, 403, 403, 403, 403, 201]) },
  { method: "PUT", path: "/api/super/tenants/:code", kind: "api", ...SAME(SUPERS) },
  { method: "GET", path: "/api/super/inquiries", kind: "api", ...SAME(SUPERS) },
  { method: "PUT", path: "/api/super/inquiries/:id", kind: "api", ...SAME(SUPERS) },
  // Numbers strangers locked with wrong codes, and their unlock (any number, locked or not: 204).
  { method: "GET", path: "/api/super/locked-numbers", kind: "api", ...SAME(SUPERS) },
  { method: "DELETE", path: "/api/super/locked-numbers/:phone", kind: "api", ...SAME([401, 403, 403, 403, 403, 204]) },

  // Site pages.
  page("/"),
  page("/about"),
  page("/contact"),
  page("/terms"),
  page("/privacy"),
  page("/login"),
  // The provider's console: a shell anyone may load; its island asks /api/super/*, which decides.
  page("/super"),
  // The language switch sets the `lang` cookie and goes back to the page: the same for anyone.
  {
    method: "GET",
    path: "/lang",
    // Not a page: it answers a redirect, or a JSON refusal.
    kind: "api",
    ...SAME([303, 303, 303, 303, 303, 303]),
    public: true,
  },

  // Tenant API.
  { method: "GET", path: "/:tenant/api/tenant", kind: "api", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/:tenant/api/schedule", kind: "api", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/:tenant/api/user/roles", kind: "api", ...SAME(SIGNED_IN_200), self: true },
  { method: "GET", path: "/:tenant/api/users", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "POST", path: "/:tenant/api/users", kind: "api", own: ADMINS_CREATED, other: NON_MEMBER_CREATED },
  {
    method: "PUT",
    path: "/:tenant/api/users/:id/blocked",
    kind: "api",
    own: ADMINS,
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  {
    method: "POST",
    path: "/:tenant/api/user/:id/roles",
    kind: "api",
    own: ADMINS,
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/user/:id/roles",
    kind: "api",
    own: ADMINS,
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/user/:id",
    kind: "api",
    own: [401, 403, 403, 403, 403, 200],
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 403, 404],
  },
  {
    method: "POST",
    path: "/:tenant/api/rides",
    kind: "api",
    own: [401, 201, 201, 201, 201, 201],
    other: NON_MEMBER_CREATED,
  },
  { method: "GET", path: "/:tenant/api/rides/my", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  // The caller's own bookings.
  { method: "GET", path: "/:tenant/api/rides/upcoming", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  // Moving someone else's ride: a rider hears 404 (not theirs), drivers accept it.
  {
    method: "PUT",
    path: "/:tenant/api/rides/:id",
    kind: "api",
    own: [401, 404, 404, 200, 200, 200],
    other: NON_MEMBER,
    foreignId: [401, 404, 404, 404, 404, 404],
  },
  // Changing a ride's fields (the same route with no status): only its rider may, anyone else hears 404.
  {
    method: "PUT",
    path: "/:tenant/api/rides/:id",
    query: "change",
    kind: "api",
    own: [401, 404, 404, 404, 404, 404],
    other: [401, 403, 403, 403, 403, 404],
    foreignId: [401, 404, 404, 404, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/rides/:id",
    kind: "api",
    own: ADMINS,
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  // Standing rides: a member's own; another rider's is 404 to a rider or driver, a dispatcher's (and above) to change.
  { method: "GET", path: "/:tenant/api/rides/recurring", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  {
    method: "POST",
    path: "/:tenant/api/rides/recurring",
    kind: "api",
    own: [401, 201, 201, 201, 201, 201],
    other: NON_MEMBER_CREATED,
  },
  {
    method: "PUT",
    path: "/:tenant/api/rides/recurring/:id",
    kind: "api",
    own: [401, 404, 200, 404, 200, 200],
    other: NON_MEMBER,
    foreignId: [401, 404, 404, 404, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/rides/recurring/:id",
    kind: "api",
    own: [401, 404, 204, 404, 204, 204],
    other: [401, 403, 403, 403, 403, 204],
    foreignId: [401, 404, 404, 404, 404, 404],
  },
  { method: "GET", path: "/:tenant/api/driver/rides", kind: "api", own: DRIVERS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/admin/rides", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/admin/rides/counts", kind: "api", own: ADMINS, other: NON_MEMBER },
  // The funders' figures for a range of the tenant's days.
  { method: "GET", path: "/:tenant/api/admin/reports", kind: "api", own: ADMINS, other: NON_MEMBER },
  // The trips CSV of a date range (riders' names and phones: admins only).
  { method: "GET", path: "/:tenant/api/admin/trips.csv", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "PUT", path: "/:tenant/api/admin/schedule", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/places", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/admin/settings", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "PUT", path: "/:tenant/api/admin/settings", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "POST", path: "/:tenant/api/admin/settings/logo", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "DELETE", path: "/:tenant/api/admin/settings/logo", kind: "api", own: ADMINS, other: NON_MEMBER },
  // A tenant's logo loads in every page's header without a token; the URL needs the bytes' hash (?v=).
  { method: "GET", path: "/:tenant/logo", kind: "asset", ...SAME(ALL_200), public: true },
  // The GTFS-Flex feed trip planners fetch without a token: the hours, area, places and contacts riders see anyway.
  { method: "GET", path: "/:tenant/gtfs-flex.zip", kind: "asset", ...SAME(ALL_200), public: true },
  // The installable app: each tenant's manifest, icons and service worker, the same for anyone (the
  // browser fetches them without a token; they name the tenant, its colour and its public files, nobody's data).
  { method: "GET", path: "/:tenant/manifest.webmanifest", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: `/:tenant/icons/${ICON_FILE}`, kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/:tenant/sw.js", kind: "asset", ...SAME(ALL_200), public: true },
  { method: "GET", path: "/:tenant/api/admin/audit", kind: "api", own: ADMINS, other: NON_MEMBER },
  // A member's own history and no-show standing; rating answers 404 to all but the ride's rider (the
  // ride here is a fresh rider's, so every caller hears 404; the rider's 201 is tests/api/ride_feedback.test.ts).
  { method: "GET", path: "/:tenant/api/rides/history", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/rides/standing", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  {
    method: "POST",
    path: "/:tenant/api/rides/:id/feedback",
    kind: "api",
    own: [401, 404, 404, 404, 404, 404],
    other: [401, 403, 403, 403, 403, 404],
    foreignId: [401, 404, 404, 404, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/users/:id/suspension",
    kind: "api",
    own: [401, 403, 403, 403, 204, 204],
    other: [401, 403, 403, 403, 403, 204],
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  // A member's sign-in unlocked by the tenant's admins (a member who is not locked: 204 all the same).
  {
    method: "DELETE",
    path: "/:tenant/api/users/:id/sign-in-lock",
    kind: "api",
    own: [401, 403, 403, 403, 204, 204],
    other: [401, 403, 403, 403, 403, 204],
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  {
    method: "POST",
    path: "/:tenant/api/admin/places",
    kind: "api",
    own: [401, 403, 403, 403, 201, 201],
    other: NON_MEMBER_CREATED,
  },
  {
    method: "PUT",
    path: "/:tenant/api/admin/places/:id",
    kind: "api",
    own: ADMINS,
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/admin/places/:id",
    kind: "api",
    own: [401, 403, 403, 403, 204, 204],
    other: [401, 403, 403, 403, 403, 204],
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  { method: "GET", path: "/:tenant/api/admin/vehicles", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "POST", path: "/:tenant/api/admin/vehicles", kind: "api", own: ADMINS_CREATED, other: NON_MEMBER_CREATED },
  {
    method: "PUT",
    path: "/:tenant/api/admin/vehicles/:id",
    kind: "api",
    own: ADMINS,
    other: NON_MEMBER,
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  {
    method: "DELETE",
    path: "/:tenant/api/admin/vehicles/:id",
    kind: "api",
    own: [401, 403, 403, 403, 204, 204],
    other: [401, 403, 403, 403, 403, 204],
    foreignId: [401, 403, 403, 403, 404, 404],
  },
  { method: "GET", path: "/:tenant/api/drivers/plan", kind: "api", own: DRIVERS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/admin/plans", kind: "api", own: ADMINS, other: NON_MEMBER },
  // The dispatcher's calls: dispatchers, admins and super admins.
  { method: "GET", path: "/:tenant/api/dispatch/state", kind: "api", own: DISPATCHERS, other: NON_MEMBER },
  {
    method: "POST",
    path: "/:tenant/api/dispatch/rides/:id/assign",
    kind: "api",
    own: DISPATCHERS,
    other: NON_MEMBER,
    foreignId: [401, 403, 404, 403, 404, 404],
  },
  {
    method: "PUT",
    path: "/:tenant/api/dispatch/rides/:id/pin",
    kind: "api",
    own: DISPATCHERS,
    other: NON_MEMBER,
    foreignId: [401, 403, 404, 403, 404, 404],
  },
  {
    method: "POST",
    path: "/:tenant/api/dispatch/rides/:id/cancel",
    kind: "api",
    own: DISPATCHERS,
    other: NON_MEMBER,
    foreignId: [401, 403, 404, 403, 404, 404],
  },
  // Conversations booking a ride by text that wait for a person: dispatchers, admins and super admins.
  { method: "GET", path: "/:tenant/api/dispatch/conversations", kind: "api", own: DISPATCHERS, other: NON_MEMBER },
  {
    method: "POST",
    path: "/:tenant/api/dispatch/conversations/:id/reply",
    kind: "api",
    own: DISPATCHERS,
    other: NON_MEMBER,
    foreignId: [401, 403, 404, 403, 404, 404],
  },
  {
    method: "POST",
    path: "/:tenant/api/dispatch/bookings",
    kind: "api",
    own: [401, 403, 201, 403, 201, 201],
    other: [401, 403, 403, 403, 403, 201],
  },
  { method: "GET", path: "/:tenant/api/drivers/availability", kind: "api", own: DRIVERS, other: NON_MEMBER },
  { method: "PUT", path: "/:tenant/api/drivers/availability", kind: "api", own: DRIVERS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/drivers/vehicles", kind: "api", own: DRIVERS, other: NON_MEMBER },
  { method: "PUT", path: "/:tenant/api/users/location", kind: "api", own: DRIVERS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/api/drivers/available", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },
  { method: "POST", path: "/:tenant/api/ws-ticket", kind: "api", own: SIGNED_IN_200, other: NON_MEMBER },

  // Sockets with the session token (?token=, as the spec's clients send it).
  {
    method: "GET",
    path: "/:tenant/ws/riders",
    kind: "socket",
    credential: "token",
    own: [NO_SOCKET, OPEN, OPEN, OPEN, OPEN, OPEN],
    other: [NO_SOCKET, POLICY, POLICY, POLICY, POLICY, OPEN],
  },
  {
    method: "GET",
    path: "/:tenant/ws/drivers",
    kind: "socket",
    credential: "token",
    own: [NO_SOCKET, POLICY, POLICY, OPEN, OPEN, OPEN],
    other: [NO_SOCKET, POLICY, POLICY, POLICY, POLICY, OPEN],
  },
  {
    method: "GET",
    path: "/:tenant/ws/drivers",
    query: "scope=all",
    kind: "socket",
    credential: "token",
    own: [NO_SOCKET, POLICY, OPEN, POLICY, OPEN, OPEN],
    other: [NO_SOCKET, POLICY, POLICY, POLICY, POLICY, OPEN],
  },
  // Sockets with a ticket: a ticket of tenant A opens nothing of tenant B, not even for super.
  {
    method: "GET",
    path: "/:tenant/ws/riders",
    kind: "socket",
    credential: "ticket",
    own: [NO_SOCKET, OPEN, OPEN, OPEN, OPEN, OPEN],
    other: [NO_SOCKET, NO_SOCKET, NO_SOCKET, NO_SOCKET, NO_SOCKET, NO_SOCKET],
  },
  {
    method: "GET",
    path: "/:tenant/ws/drivers",
    kind: "socket",
    credential: "ticket",
    own: [NO_SOCKET, POLICY, POLICY, OPEN, OPEN, OPEN],
    other: [NO_SOCKET, NO_SOCKET, NO_SOCKET, NO_SOCKET, NO_SOCKET, NO_SOCKET],
  },

  // Tenant pages: shells anyone may load; the islands ask the API, which decides.
  page("/:tenant", [302, 302, 302, 302, 302, 302]),
  page("/:tenant/login"),
  page("/:tenant/about"),
  page("/:tenant/contact"),
  page("/:tenant/terms"),
  page("/:tenant/privacy"),
  page("/:tenant/rider"),
  page("/:tenant/driver"),
  page("/:tenant/profile"),
  page("/:tenant/dispatch"),
  page("/:tenant/rider/standing"),
  page("/:tenant/admin"),
  page("/:tenant/admin/trips"),
  page("/:tenant/admin/users"),
  page("/:tenant/admin/schedule"),
  page("/:tenant/admin/places"),
  page("/:tenant/admin/vehicles"),
  page("/:tenant/admin/settings"),
  page("/:tenant/admin/activity"),
  page("/:tenant/admin/reports"),
  page("/:tenant/admin/reports/monthly"),
  // The reports pages' figures: HTML drawn for the admin whose token the island sends; refusals are JSON.
  { method: "GET", path: "/:tenant/admin/reports/figures", kind: "api", own: ADMINS, other: NON_MEMBER },
  { method: "GET", path: "/:tenant/admin/reports/monthly/figures", kind: "api", own: ADMINS, other: NON_MEMBER },
];

/** "GET /:tenant/api/users" */
export function routeKey(row: Pick<AccessRow, "method" | "path">): string {
  return `${row.method} ${row.path}`;
}
