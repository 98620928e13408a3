/**
 * Walks tests/access_matrix.ts against the real app: every
 * route and socket, every caller, own and other tenant, and object ids of the
 * other tenant. Fails on any outcome the table does not say, on any 2xx (or
 * open socket) across tenants for anyone but super, and on any id or phone
 * number of one tenant's people and rides in an answer about the other.
 */
import { describe, expect, it } from "vitest";
import { ACCESS_MATRIX, type AccessRow, type Caller, CALLERS, routeKey } from "../access_matrix.ts";
import { accessWorld, type Person, STANDING_BODY, TENANT_A, TENANT_B, type World } from "../helpers/access_world.ts";
import { bearer, postJson, sentCode } from "../helpers/app.ts";
import { LiveClient, serve, upgradeAnswer } from "../helpers/live.ts";
import { CENTRE, INSIDE, INSIDE_2 } from "../helpers/rides.ts";
import { writePmtilesFixture } from "../helpers/pmtiles_fixture.ts";
import { inboundForm, inboundRequest } from "../helpers/twilio_webhook.ts";
import { getTenant } from "../../kv/tenants.ts";
import { saveTenantLogo } from "../../kv/tenant_logos.ts";
import { logoUrl } from "../../lib/tenant_settings.ts";
import { changeRole } from "../../kv/members.ts";
import { updateUser } from "../../kv/users.ts";
import { addDays } from "../../lib/reports.ts";
import { readConversation, writeConversation } from "../../kv/sms_conversations.ts";
import { newConversation } from "../../domain/sms_booking/conversation.ts";
import { ulid } from "../../lib/ids.ts";

type Scope = "own" | "other" | "foreignId";
interface Cell {
  w: World;
  caller: Caller;
  me: Person | null;
  /** The tenant in the path, and the tenant whose objects the path names. */
  tenant: string;
  idTenant: string;
}
interface Call {
  path: string;
  init?: RequestInit;
}

const manifest = JSON.parse(await Deno.readTextFile(new URL("../../static/build/manifest.json", import.meta.url)));
const bundle: string = Object.values(manifest.islands as Record<string, { entry: string }>)[0].entry;
const photo = await Deno.readFile(new URL("../fixtures/photo.png", import.meta.url));
/** The app serves a PMTiles archive (MAP_PMTILES_PATH) in every world here, so its route answers. */
const pmtilesPath = await writePmtilesFixture();

const auth = (cell: Cell, init: RequestInit = {}) => cell.me ? bearer(cell.me.token, init) : init;
const json = (method: string, body: unknown): RequestInit => ({ ...postJson(body), method });

/** A browser's subscription for the cell: an https push service's address of its own. */
const matrixDevice = (c: Cell) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${c.me?.phone ?? "anonymous"}-${c.tenant}`,
  expirationTime: null,
  keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) },
});

/** How to make each route's request, valid enough that only access decides the outcome. */
const CALLS: Record<string, (cell: Cell) => Call | Promise<Call>> = {
  "GET /build/*": () => ({ path: bundle }),
  "GET /build/:name{.+\\.map}": () => ({ path: `${bundle}.map` }),
  "GET /shuttle.png": () => ({ path: "/shuttle.png" }),
  "GET /flag.png": () => ({ path: "/flag.png" }),
  "GET /person.png": () => ({ path: "/person.png" }),
  "GET /favicon.svg": () => ({ path: "/favicon.svg" }),
  "GET /robots.txt": () => ({ path: "/robots.txt" }),
  "GET /map/tiles.pmtiles": (c) => ({
    path: "/map/tiles.pmtiles",
    init: auth(c, { headers: { range: "bytes=0-126" } }),
  }),
  "GET /healthz": () => ({ path: "/healthz" }),
  "GET /:tenant/api/admin/reports": (c) => ({
    path: `/${c.tenant}/api/admin/reports?from=2026-11-01&to=2026-11-30`,
    init: auth(c),
  }),
  "GET /metrics": () => ({ path: "/metrics" }),
  "POST /api/inquiries": (c) => ({
    path: "/api/inquiries",
    init: auth(c, postJson({ name: "Pat", email: "pat@example.com", message: "Hello", tenant: c.tenant })),
  }),
  "POST /api/sms/inbound": (c) => {
    // HELP from the caller's own number (a fresh one for anonymous), signed as Twilio signs it.
    const { publicUrl, sms } = c.w.t.config;
    const form = inboundForm(`+1${c.me?.phone ?? c.w.freshPhone()}`, "HELP");
    const signed = inboundRequest(form, { authToken: sms.twilioAuthToken!, url: `${publicUrl}/api/sms/inbound` });
    return { path: "/api/sms/inbound", init: auth(c, signed) };
  },
  "POST /api/auth/login": (c) => ({
    path: "/api/auth/login",
    init: auth(c, postJson({ phoneNumber: c.w.freshPhone() })),
  }),
  "POST /api/auth/verify": async (c) => {
    const phone = c.w.freshPhone();
    const sent = await c.w.t.request("/api/auth/login", postJson({ phoneNumber: phone }), c.w.address());
    const { challenge } = await sent.json();
    return {
      path: "/api/auth/verify",
      init: auth(c, postJson({ phoneNumber: phone, code: sentCode(c.w.t, phone), challenge, tenantCode: c.tenant })),
    };
  },
  "POST /api/auth/logout": async (c) => {
    // A session of its own, so the caller's main token lives on for the other cells.
    const me = c.me && await c.w.signIn(c.me.phone);
    return { path: "/api/auth/logout", init: me ? bearer(me.token, { method: "POST" }) : { method: "POST" } };
  },
  "GET /api/users/profile": (c) => ({ path: "/api/users/profile", init: auth(c) }),
  "PUT /api/users/profile": (c) => ({ path: "/api/users/profile", init: auth(c, json("PUT", { name: "Matrix" })) }),
  "POST /api/users/profile/image-upload": (c) => {
    const form = new FormData();
    form.append("image", new File([photo], "photo.png", { type: "image/png" }));
    return { path: "/api/users/profile/image-upload", init: auth(c, { method: "POST", body: form }) };
  },
  "DELETE /api/users/me": async (c) => {
    // A twin of the caller (same roles, a phone of its own) deletes itself, so the caller lives on for other cells.
    const twin = await twinOf(c);
    const body = json("DELETE", { phoneLastFour: twin?.phone.slice(-4) ?? "0000" });
    return { path: "/api/users/me", init: twin ? bearer(twin.token, body) : body };
  },
  "POST /api/users/me/push": (c) => ({ path: "/api/users/me/push", init: auth(c, postJson(matrixDevice(c))) }),
  "DELETE /api/users/me/push": async (c) => {
    // The caller's own device, added first, so only access decides the answer.
    const device = matrixDevice(c);
    if (c.me) await c.w.t.request("/api/users/me/push", bearer(c.me.token, postJson(device)));
    return { path: "/api/users/me/push", init: auth(c, json("DELETE", { endpoint: device.endpoint })) };
  },
  "GET /api/push/key": () => ({ path: "/api/push/key" }),
  "GET /api/users/:id/photo": (c) => ({ path: c.w.people[c.idTenant].photoUrl, init: auth(c) }),
  "GET /:tenant/api/user/roles": (c) => ({ path: `/${c.tenant}/api/user/roles`, init: auth(c) }),
  "POST /:tenant/api/user/:id/roles": async (c) => ({
    path: `/${c.tenant}/api/user/${(await c.w.member(c.idTenant)).id}/roles`,
    init: auth(c, postJson({ role: "driver" })),
  }),
  "DELETE /:tenant/api/user/:id/roles": async (c) => ({
    path: `/${c.tenant}/api/user/${(await c.w.member(c.idTenant, "driver")).id}/roles?role=driver`,
    init: auth(c, { method: "DELETE" }),
  }),
  "POST /:tenant/api/users": (c) => ({
    path: `/${c.tenant}/api/users`,
    init: auth(c, postJson({ phoneNumber: c.w.freshPhone(), roles: ["rider"] })),
  }),
  "PUT /:tenant/api/users/:id/blocked": async (c) => ({
    path: `/${c.tenant}/api/users/${(await c.w.member(c.idTenant)).id}/blocked`,
    init: auth(c, json("PUT", { blocked: true })),
  }),
  "DELETE /:tenant/api/user/:id": async (c) => ({
    path: `/${c.tenant}/api/user/${(await c.w.member(c.idTenant)).id}`,
    init: auth(c, { method: "DELETE" }),
  }),
  "POST /:tenant/api/rides": (c) => ({
    path: `/${c.tenant}/api/rides`,
    init: auth(c, postJson({ pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 })),
  }),
  "POST /:tenant/api/rides/recurring": (c) => ({
    path: `/${c.tenant}/api/rides/recurring`,
    init: auth(c, postJson(STANDING_BODY)),
  }),
  "PUT /:tenant/api/rides/recurring/:id": async (c) => ({
    path: `/${c.tenant}/api/rides/recurring/${await c.w.standingRide(c.idTenant)}`,
    init: auth(c, json("PUT", { ...STANDING_BODY, paused: true })),
  }),
  "DELETE /:tenant/api/rides/recurring/:id": async (c) => ({
    path: `/${c.tenant}/api/rides/recurring/${await c.w.standingRide(c.idTenant)}`,
    init: auth(c, { method: "DELETE" }),
  }),
  "PUT /:tenant/api/rides/:id": async (c) => ({
    path: `/${c.tenant}/api/rides/${await c.w.pendingRide(c.idTenant)}`,
    init: auth(c, json("PUT", { status: "accepted" })),
  }),
  // The variant with `query: "change"`: a body of the ride's fields, not a status.
  "PUT /:tenant/api/rides/:id?change": async (c) => ({
    path: `/${c.tenant}/api/rides/${await c.w.pendingRide(c.idTenant)}`,
    init: auth(c, json("PUT", { pickup: INSIDE })),
  }),
  "DELETE /:tenant/api/rides/:id": async (c) => ({
    path: `/${c.tenant}/api/rides/${await c.w.pendingRide(c.idTenant)}`,
    init: auth(c, { method: "DELETE" }),
  }),
  "POST /:tenant/api/rides/:id/feedback": async (c) => ({
    path: `/${c.tenant}/api/rides/${await c.w.pendingRide(c.idTenant)}/feedback`,
    init: auth(c, postJson({ rating: 5 })),
  }),
  "DELETE /:tenant/api/users/:id/suspension": async (c) => ({
    path: `/${c.tenant}/api/users/${(await c.w.member(c.idTenant)).id}/suspension`,
    init: auth(c, { method: "DELETE" }),
  }),
  "DELETE /:tenant/api/users/:id/sign-in-lock": async (c) => ({
    path: `/${c.tenant}/api/users/${(await c.w.member(c.idTenant)).id}/sign-in-lock`,
    init: auth(c, { method: "DELETE" }),
  }),
  "GET /api/super/locked-numbers": (c) => ({ path: "/api/super/locked-numbers", init: auth(c) }),
  "DELETE /api/super/locked-numbers/:phone": (c) => ({
    path: `/api/super/locked-numbers/${c.w.freshPhone()}`,
    init: auth(c, { method: "DELETE" }),
  }),
  // A range around the world's clock, so the tenant's rides are in the file the leak scan reads.
  "GET /:tenant/api/admin/trips.csv": (c) => {
    const today = new Date(c.w.t.clock.now()).toISOString().slice(0, 10);
    return {
      path: `/${c.tenant}/api/admin/trips.csv?from=${addDays(today, -1)}&to=${addDays(today, 1)}`,
      init: auth(c),
    };
  },
  "POST /:tenant/api/ws-ticket": (c) => ({ path: `/${c.tenant}/api/ws-ticket`, init: auth(c, { method: "POST" }) }),
  "PUT /:tenant/api/admin/schedule": (c) => ({
    path: `/${c.tenant}/api/admin/schedule`,
    init: auth(c, json("PUT", { schedule: { "1": [{ start: "08:00", end: "12:00" }] } })),
  }),
  "POST /:tenant/api/admin/places": (c) => ({
    path: `/${c.tenant}/api/admin/places`,
    init: auth(c, postJson({ name: `Stop ${crypto.randomUUID()}`, lat: INSIDE.lat, lng: INSIDE.lng })),
  }),
  "PUT /:tenant/api/admin/places/:id": async (c) => ({
    path: `/${c.tenant}/api/admin/places/${await c.w.place(c.idTenant)}`,
    init: auth(c, json("PUT", { name: `Stop ${crypto.randomUUID()}`, lat: INSIDE.lat, lng: INSIDE.lng })),
  }),
  "DELETE /:tenant/api/admin/places/:id": async (c) => ({
    path: `/${c.tenant}/api/admin/places/${await c.w.place(c.idTenant)}`,
    init: auth(c, { method: "DELETE" }),
  }),
  "POST /:tenant/api/admin/vehicles": (c) => ({
    path: `/${c.tenant}/api/admin/vehicles`,
    init: auth(c, postJson({ name: `Van ${crypto.randomUUID().slice(0, 8)}`, seats: 8, wheelchairSpaces: 1 })),
  }),
  "PUT /:tenant/api/admin/vehicles/:id": async (c) => ({
    path: `/${c.tenant}/api/admin/vehicles/${await c.w.vehicle(c.idTenant)}`,
    init: auth(c, json("PUT", { name: `Van ${crypto.randomUUID().slice(0, 8)}`, seats: 6, wheelchairSpaces: 0 })),
  }),
  "DELETE /:tenant/api/admin/vehicles/:id": async (c) => ({
    path: `/${c.tenant}/api/admin/vehicles/${await c.w.vehicle(c.idTenant)}`,
    init: auth(c, { method: "DELETE" }),
  }),
  "POST /:tenant/api/dispatch/rides/:id/assign": async (c) => {
    // A new vehicle of the ride's tenant with a new driver online in it, so only access decides.
    const vehicleId = await c.w.vehicle(c.idTenant);
    const driver = await c.w.member(c.idTenant, "driver");
    const online = await c.w.t.request(
      `/${c.idTenant}/api/drivers/availability`,
      bearer(driver.token, json("PUT", { isAvailable: true, location: CENTRE, vehicleId })),
    );
    if (online.status !== 200) throw new Error(`availability answered ${online.status}`);
    return {
      path: `/${c.tenant}/api/dispatch/rides/${await c.w.pendingRide(c.idTenant)}/assign`,
      init: auth(c, postJson({ vehicleId })),
    };
  },
  // A waiting ride: the pin refuses it (409) only after access is granted; the matrix asks who gets that far.
  "PUT /:tenant/api/dispatch/rides/:id/pin": async (c) => ({
    path: `/${c.tenant}/api/dispatch/rides/${await c.w.pendingRide(c.idTenant)}/pin`,
    init: auth(c, json("PUT", { pinned: false })),
  }),
  "POST /:tenant/api/dispatch/rides/:id/cancel": async (c) => ({
    path: `/${c.tenant}/api/dispatch/rides/${await c.w.pendingRide(c.idTenant)}/cancel`,
    init: auth(c, postJson({ reason: "Matrix" })),
  }),
  // A conversation of the id's tenant waiting for a person, from a number of its own.
  "POST /:tenant/api/dispatch/conversations/:id/reply": async (c) => ({
    path: `/${c.tenant}/api/dispatch/conversations/${await waitingConversation(c.w, c.idTenant)}/reply`,
    init: auth(c, postJson({ text: "Matrix" })),
  }),
  // A ride now (both tenants have a driver online) for a number new each time: only access decides.
  "POST /:tenant/api/dispatch/bookings": (c) => ({
    path: `/${c.tenant}/api/dispatch/bookings`,
    init: auth(c, postJson({ phoneNumber: c.w.freshPhone(), pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 })),
  }),
  "GET /brand/:file{[0-9a-fA-F]{6}\\.css}": () => ({ path: "/brand/1d4ed8.css" }),
  "GET /icons/:file{icon-(?:192|512|maskable-512)\\.png}": (c) => ({ path: "/icons/icon-192.png", init: auth(c) }),
  "GET /:tenant/icons/:file{icon-(?:192|512|maskable-512)\\.png}": (c) => ({
    path: `/${c.tenant}/icons/icon-maskable-512.png`,
    init: auth(c),
  }),
  "POST /:tenant/api/admin/settings/logo": (c) => {
    const form = new FormData();
    form.append("image", new File([photo], "logo.png", { type: "image/png" }));
    return { path: `/${c.tenant}/api/admin/settings/logo`, init: auth(c, { method: "POST", body: form }) };
  },
  "DELETE /:tenant/api/admin/settings/logo": (c) => ({
    path: `/${c.tenant}/api/admin/settings/logo`,
    init: auth(c, { method: "DELETE" }),
  }),
  "GET /:tenant/logo": async (c) => {
    // Whatever the other cells did to the logo, there is a current one to ask for.
    let tenant = await getTenant(c.w.t.kv, c.tenant);
    if (!tenant?.logo) {
      const logo = { bytes: photo.slice(), contentType: "image/png" as const, width: 8, height: 8 };
      tenant = await saveTenantLogo(c.w.t.kv, c.tenant, logo, { by: "matrix", now: c.w.t.clock.now() });
    }
    return { path: logoUrl(c.tenant, tenant!.logo!.hash), init: auth(c) };
  },
  "PUT /:tenant/api/admin/settings": (c) => ({
    path: `/${c.tenant}/api/admin/settings`,
    init: auth(c, json("PUT", { contactPhone: "8645550199" })),
  }),
  "PUT /:tenant/api/drivers/availability": (c) => ({
    path: `/${c.tenant}/api/drivers/availability`,
    init: auth(c, json("PUT", { isAvailable: true, location: CENTRE })),
  }),
  "POST /api/super/tenants": (c) => ({
    path: "/api/super/tenants",
    init: auth(
      c,
      postJson({
        code: `org-${crypto.randomUUID().slice(0, 8)}`,
        name: "New Org",
        serviceArea: { lat: CENTRE.lat, lng: CENTRE.lng, radiusMeters: 900, label: "downtown" },
        timezone: "America/New_York",
        adminPhone: c.w.freshPhone(),
      }),
    ),
  }),
  "PUT /api/super/inquiries/:id": async (c) => {
    const made = await c.w.t.request(
      "/api/inquiries",
      postJson({ name: "Pat", email: "pat@example.com", message: "Hello" }),
      c.w.address(),
    );
    return {
      path: `/api/super/inquiries/${(await made.json()).id}`,
      init: auth(c, json("PUT", { handled: true })),
    };
  },
  "PUT /api/super/tenants/:code": (c) => ({
    path: `/api/super/tenants/${c.tenant}`,
    init: auth(c, json("PUT", { status: "active" })),
  }),
  "GET /lang": (c) => ({ path: "/lang?to=es&next=%2Fabout", init: auth(c) }),
  "PUT /:tenant/api/users/location": (c) => ({
    path: `/${c.tenant}/api/users/location`,
    init: auth(c, json("PUT", { location: CENTRE })),
  }),
};

/** A new person with the caller's roles in tenant A (a super admin beside the world's own); null for anonymous. */
/** Stores a conversation of `tenant` waiting for a person, as three texts not understood leave it: its id. */
async function waitingConversation(w: World, tenant: string): Promise<string> {
  const now = w.t.clock.now();
  const phone = w.freshPhone();
  const started = newConversation({ id: ulid(now), phone, tenant, lang: "en", now });
  const read = await readConversation(w.t.kv, phone, tenant, now);
  if (!(await writeConversation(w.t.kv, read, { ...started, step: "person" }))) throw new Error("conversation");
  return started.id;
}

async function twinOf(c: Cell): Promise<Person | null> {
  if (!c.me) return null;
  if (c.caller === "super") {
    const twin = await c.w.signIn(c.w.freshPhone());
    await updateUser(c.w.t.kv, twin.id, (u) => ({ ...u, isSuper: true }));
    return twin;
  }
  const twin = await c.w.member(
    TENANT_A,
    c.caller === "rider" ? undefined : c.caller === "dispatcher" ? "dispatcher" : "driver",
  );
  if (c.caller === "admin") {
    await changeRole(c.w.t.kv, { tenant: TENANT_A, userId: twin.id, role: "admin", add: true, now: c.w.t.clock.now() });
  }
  return twin;
}

/** Rows without an entry above: a GET of the path with the tenant filled in. */
function callFor(row: AccessRow, cell: Cell): Call | Promise<Call> {
  const make = (row.query && CALLS[`${routeKey(row)}?${row.query}`]) || CALLS[routeKey(row)];
  if (make) return make(cell);
  if (row.method !== "GET" || row.path.includes(":id")) throw new Error(`no request for ${routeKey(row)}`);
  return { path: row.path.replace(":tenant", cell.tenant), init: auth(cell) };
}

/**
 * Opens the socket: 101 once it answers a ping, else the close code, or the
 * HTTP status when it was refused before the upgrade (asked again as a plain
 * upgrade request: a refused ticket is refused again). Every text it got goes
 * in `texts`.
 */
async function socketOutcome(url: string, texts: string[]): Promise<number> {
  const client = new LiveClient(url);
  if (!await client.opened) {
    const answer = await upgradeAnswer(url.replace(/^ws:/, "http:"));
    texts.push(JSON.stringify(answer.body));
    return answer.status;
  }
  const pong = client.opened.then(async (opened) => {
    if (!opened) return null;
    client.socket.send('{"type":"ping"}');
    while (!client.messages.some((m) => m.type === "pong") && client.closeCode === null) {
      await new Promise((r) => setTimeout(r, 10));
    }
    return client.closeCode === null ? 101 : null;
  });
  const outcome = await Promise.race([pong, client.closed.then(({ code }) => code)]);
  await client.close();
  texts.push(...client.texts);
  return outcome ?? client.closeCode ?? 0;
}

/** `token=…`, or `ticket=…` got by the caller from its own tenant A. */
async function credential(w: World, row: AccessRow, me: Person): Promise<string> {
  if (row.credential !== "ticket") return `token=${me.token}`;
  const res = await w.t.request(`/${TENANT_A}/api/ws-ticket`, bearer(me.token, { method: "POST" }), w.address());
  if (res.status !== 200) throw new Error(`ws-ticket answered ${res.status}`);
  return `ticket=${encodeURIComponent((await res.json()).ticket)}`;
}

const is2xx = (status: number) => (status >= 200 && status < 300) || status === 101;

async function walk(row: AccessRow) {
  using w = await accessWorld({ METRICS_TOKEN: "metrics-token-0123456789", MAP_PMTILES_PATH: pmtilesPath });
  const server = row.kind === "socket" ? serve(w.t.app) : null;
  const problems: string[] = [];
  // The leak scan below needs something to look for: each tenant's people, rides and phone numbers.
  for (const tenant of [TENANT_A, TENANT_B]) {
    if (w.records[tenant].size < 6) problems.push(`only ${w.records[tenant].size} records of ${tenant}`);
  }
  const scopes: Scope[] = row.foreignId ? ["own", "other", "foreignId"] : ["own", "other"];
  try {
    for (const scope of scopes) {
      for (const [i, caller] of CALLERS.entries()) {
        const me = w.callers[caller];
        const cell: Cell = {
          w,
          caller,
          me,
          tenant: scope === "other" ? TENANT_B : TENANT_A,
          idTenant: scope === "own" ? TENANT_A : TENANT_B,
        };
        const label = `${caller} ${scope}`;
        const expected = row[scope]![i];
        let status: number;
        let body: string;
        if (server) {
          const query = [row.query, me && await credential(w, row, me)].filter(Boolean).join("&");
          const texts: string[] = [];
          status = await socketOutcome(server.ws(`${row.path.replace(":tenant", cell.tenant)}?${query}`), texts);
          body = texts.join("\n");
        } else {
          const { path, init } = await callFor(row, cell);
          const res = await w.t.request(path, init, w.address());
          status = res.status;
          body = await res.text();
          if (row.kind === "api" && status >= 400 && status < 500) {
            const error = (JSON.parse(body) as { error?: unknown }).error;
            if (typeof error !== "string") problems.push(`${label}: ${status} without { error }: ${body}`);
          }
        }
        if (status !== expected) problems.push(`${label}: ${status}, table says ${expected}`);
        // The rule itself, whatever the table says.
        const acrossTenants = scope === "foreignId" || (scope === "other" && row.path.startsWith("/:tenant"));
        if (acrossTenants && caller !== "super" && !row.public && is2xx(status)) {
          if (!(row.self && body === '{"roles":[]}')) problems.push(`${label}: ${status} across tenants: ${body}`);
        }
        const otherTenant = cell.tenant === TENANT_A ? TENANT_B : TENANT_A;
        const mine = new Set(me ? [me.id, me.phone] : []);
        for (const record of w.records[otherTenant]) {
          if (!mine.has(record) && body.includes(record)) {
            problems.push(`${label}: the answer holds ${otherTenant}'s ${record}`);
          }
        }
      }
    }
  } finally {
    await server?.stop();
  }
  return problems;
}

describe("access matrix", () => {
  it("lists every route and socket of the app, and nothing else", async () => {
    using w = await accessWorld();
    const inApp = new Set(
      w.t.app.routes.filter((r) => !(r.method === "ALL" && r.path.endsWith("*"))).map((r) =>
        routeKey({ method: r.method as "GET", path: r.path })
      ),
    );
    const inTable = new Set(ACCESS_MATRIX.map(routeKey));
    expect([...inApp].filter((k) => !inTable.has(k)), "routes missing from tests/access_matrix.ts").toEqual([]);
    expect([...inTable].filter((k) => !inApp.has(k)), "rows for routes the app does not have").toEqual([]);
  });

  for (const row of ACCESS_MATRIX) {
    const variant = [row.query, row.credential].filter(Boolean).join(", ");
    it(`${routeKey(row)}${variant ? ` (${variant})` : ""}`, { timeout: 30_000 }, async () => {
      expect(await walk(row)).toEqual([]);
    });
  }
});
