/**
 * Generated bad input for the calls outside a tenant: the
 * contact form, sign-in (send, verify, sign out), the profile, photo upload
 * and serving, the metrics endpoint, Twilio's incoming-text webhook (a form,
 * not JSON: signed or not, any fields, any bytes), and API paths that do not
 * exist. Rules in
 * tests/helpers/bad_input.ts; replay a failure with BAD_INPUT_SEED=<seed>.
 *
 * Refusals that write, by design (docs/architecture.md "Bad input"): a
 * contact message or photo upload refused after its rate limit counted it
 * (the limits count attempts); a sign-in send refused by a later limit after
 * an earlier one counted it; a wrong sign-in code (401), which counts against
 * the code and the number. Each may touch only those keys.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { isApiPath } from "../../server/env.ts";
import {
  bodyFor,
  type BodySpec,
  contentType,
  hostileString,
  type JsonTree,
  multipartUpload,
  NumberText,
  template,
  tree,
} from "../helpers/arbitraries.ts";
import { forgedAuthorization, hostileQueryValue, hostileSegment } from "../helpers/hostile_urls.ts";
import { Arena, attack, type MayWrite, SEED, sentCount } from "../helpers/bad_input.ts";
import { BAD_INPUT_RUNS, PLANNED_TOTAL, plannedRuns } from "../helpers/bad_input_plan.ts";
import { authorization, type BadInputWorld, badInputWorld, tenantSegment } from "../helpers/bad_input_world.ts";
import { postJson } from "../helpers/app.ts";
import { changedKeys, snapshotKv } from "../helpers/kv_snapshot.ts";
import { put, requestRide } from "../helpers/rides.ts";
import { makeApp } from "../helpers/app.ts";
import { SMS_INBOUND_MAX_BYTES } from "../../routes/api/sms_inbound.ts";
import { pmtilesFixture, writePmtilesFixture } from "../helpers/pmtiles_fixture.ts";
import { TWILIO_TEST_ENV } from "../helpers/app.ts";
import { signTwilioPairs } from "../helpers/twilio_webhook.ts";
import { signIn } from "../helpers/app.ts";
import { updateTenant } from "../../kv/tenants.ts";
import { RESERVED_CODES } from "../../lib/schemas.ts";

const RUNS = BAD_INPUT_RUNS.public;
const arenas: Arena<BadInputWorld>[] = [];
const arena = (afterWrite: "keep" | "rebuild") => {
  arenas.push(new Arena(badInputWorld, afterWrite));
  return arenas.at(-1)!;
};
afterAll(() => arenas.forEach((a) => a.close()));

let addresses = 0;
/** A new client address per request, so per-address limits never hide the checks behind a 429. */
const nextAddress = () => `198.51.${(++addresses >> 8) & 255}.${addresses & 255}`;

const under = (...prefixes: string[]): MayWrite => (key) => prefixes.some((p) => key.startsWith(p));
const phone = fc.oneof(
  fc.constantFrom(
    "8645550142",
    "(864) 555-0142",
    "864555014",
    "86455501422",
    "+1 864 555 0142",
    "864-555-0142x",
    // Numbers Hopper does not text: premium-rate, toll-free, Jamaica.
    "9005550142",
    "8005550100",
    "(876) 555-0142",
  ),
  hostileString,
);
const code = fc.oneof(fc.constantFrom("1234", "0000", "123", "12345", "12 34", "١٢٣٤", "1e3"), hostileString);
const tenantCode = fc.oneof(fc.constantFrom("greer", "campus", "GREER", "api", "a", "-greer"), hostileString);

/** The device key's cookie the sign-in calls read (lib/device_key.ts): absent, well-formed, broken or doubled. */
const deviceCookie = fc.option(
  fc.oneof(
    fc.constantFrom(
      "hopper_device=AAAAAAAAAAAAAAAAAAAAAA",
      "hopper_device=",
      "hopper_device=short",
      `hopper_device=${"A".repeat(4000)}`,
      "hopper_device=AAAAAAAAAAAAAAAAAAAAAA; hopper_device=BBBBBBBBBBBBBBBBBBBBBB",
      "lang=es; hopper_device=%00%2e%2e",
      "hopper_device",
    ),
    fc.string({ unit: fc.constantFrom(..."aZ09-_=;,. %\"'"), maxLength: 40 }).map((v) => `hopper_device=${v}`),
  ),
  { nil: undefined },
);

function post(
  path: string,
  body: fc.Arbitrary<BodySpec>,
  who: "anon" | "rider" = "anon",
  cookie: fc.Arbitrary<string | undefined> = fc.constant(undefined),
) {
  return fc.record({ type: contentType, body, cookie }).map((s) => (w: BadInputWorld) => ({
    method: path === "/api/users/profile" ? "PUT" : "POST",
    path,
    contentType: s.type,
    body: s.body,
    authorization: authorization(w, who),
    address: nextAddress(),
    ...(s.cookie !== undefined && { headers: { cookie: s.cookie } }),
  }));
}

describe("bad input: contact form, sign-in, profile, photos, unknown paths", { timeout: 120_000 }, () => {
  it("contact messages never 5xx; refusals write at most the rate limit's count", async () => {
    const body = bodyFor(
      template({ name: "Ada", email: "ada@example.com", organization: "Town", message: "Hello", tenant: "greer" }),
      {
        email: fc.constantFrom("a@b", "a@b.c", "@b.c", "a b@c.d", "a@b.c\n", "a".repeat(250) + "@b.co"),
        tenant: tenantCode,
      },
    );
    const inquiries = arena("keep");
    await attack(
      post("/api/inquiries", body),
      RUNS.inquiries,
      (make) => inquiries.send(make, under('"rate_limits","inquiries"')),
    );
  });

  it("code requests never 5xx; refusals write at most the send limits' counts", async () => {
    const body = bodyFor(template({ phoneNumber: "8645550142", tenantCode: "greer" }), {
      phoneNumber: phone,
      tenantCode,
    });
    const logins = arena("keep");
    await attack(
      post("/api/auth/login", body, "anon", deviceCookie),
      RUNS.login,
      (make) => logins.send(make, under('"rate_limits"')),
    );
  });

  it("code checks never 5xx; only a wrong code (401) writes, and only the code's and number's counts", async () => {
    const body = bodyFor(template({ phoneNumber: "8645550142", code: "1234", tenantCode: "greer" }), {
      phoneNumber: phone,
      code,
      tenantCode,
    });
    const verifies = arena("keep");
    await attack(
      post("/api/auth/verify", body, "anon", deviceCookie),
      RUNS.verify,
      (make) =>
        verifies.send(make, (key, status) => status === 401 && under('"otp",', '"auth_failures",')(key, status)),
    );
  });

  it("profile saves never 5xx and refusals write nothing", async () => {
    const body = bodyFor(template({ name: "Ada", email: "ada@example.com", needs: ["wheelchair"] }), {
      // Standing needs.
      needs: fc.constantFrom<JsonTree>(["wheelchair", "wheelchair"], ["jetpack"], "assistance", null, [], [true]),
      photoUrl: fc.constantFrom<string | null>(null, "x", "/api/users/x/photo", "javascript:alert(1)"),
      name: fc.integer({ min: 79, max: 82 }).map((n) => "n".repeat(n)),
    });
    const profiles = arena("keep");
    await attack(post("/api/users/profile", body, "rider"), RUNS.profile, (make) => profiles.send(make));
  });

  it("account deletions never 5xx and refusals write nothing", async () => {
    // rider2's number ends 0143: the valid body deletes them, and the world is built again.
    const body = bodyFor(template({ phoneLastFour: "0143" }), {
      phoneLastFour: fc.constantFrom<JsonTree>("0142", "143", "01430", " 0143", "٠١٤٣", "0x8f", "", null),
    });
    const arb = fc.record({ type: contentType, body });
    const deletions = arena("rebuild");
    await attack(arb, RUNS.accountDelete, (s) =>
      deletions.send((w) => ({
        method: "DELETE",
        path: "/api/users/me",
        contentType: s.type,
        body: s.body,
        authorization: authorization(w, "rider2"),
        address: nextAddress(),
      })));
  });

  it("ride-alert devices added and removed never 5xx; refusals write nothing", async () => {
    const keys = fc.constantFrom<JsonTree>(
      tree({ p256dh: "B" + "A".repeat(85), auth: "A".repeat(22) }),
      tree({ p256dh: "B" + "A".repeat(86), auth: "A".repeat(23) }),
      tree({ p256dh: "+/=", auth: "" }),
      tree({ p256dh: "B" + "A".repeat(86) }),
      [],
      "keys",
      null,
    );
    const subscription = template({
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      expirationTime: null,
      keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) },
    });
    const endpoint = fc.constantFrom<JsonTree>(
      "http://push.example.com/x",
      "http://localhost:1/x",
      "https://user:pw@push.example.com/x",
      "javascript:alert(1)",
      "https://" + "a".repeat(1030),
      "ftp://push.example.com/x",
      "https://push.example.com/x",
      "https://10.0.0.1/x",
      "https://fcm.googleapis.com.evil.example/x",
      "",
      null,
    );
    const body = fc.oneof(
      bodyFor(subscription, {
        endpoint,
        keys,
        expirationTime: fc.constantFrom<JsonTree>(tree(-1), "soon", new NumberText("1e400")),
      }),
      bodyFor(template({ endpoint: "https://fcm.googleapis.com/fcm/send/abc" }), { endpoint }),
    );
    const arb = fc.record({ type: contentType, body, method: fc.constantFrom("POST", "DELETE") });
    const devices = arena("keep");
    await attack(arb, RUNS.pushDevices, (s) =>
      devices.send((w) => ({
        method: s.method,
        path: "/api/users/me/push",
        contentType: s.type,
        body: s.body,
        authorization: authorization(w, "rider"),
        address: nextAddress(),
      })));
  });

  it("signed-in calls with forged tokens never 5xx and refuse with JSON", async () => {
    const arb = fc.tuple(
      fc.constantFrom(
        ["GET", "/api/users/profile"],
        ["POST", "/api/auth/logout"],
        ["GET", "/greer/api/user/roles"],
        ["GET", "/metrics"],
        ["POST", "/api/users/profile/image-upload"],
        ["GET", "/api/users/me/export"],
        ["POST", "/api/users/me/push"],
        ["DELETE", "/api/users/me/push"],
      ),
      fc.oneof({ weight: 9, arbitrary: forgedAuthorization }, { weight: 1, arbitrary: fc.constant("rider") }),
    );
    const calls = arena("rebuild");
    await attack(arb, RUNS.sessionCalls, ([[method, path], auth]) =>
      calls.send((w) => ({
        method,
        path,
        authorization: auth === "rider" ? authorization(w, "rider") : auth,
        jsonRefusals: path !== "/metrics" || auth !== null,
      }), under('"rate_limits","photo_uploads"', '"rate_limits","account_exports"')));
  });

  it("photo uploads of bytes that are no photo never 5xx; refusals write at most the upload count", async () => {
    const uploads = arena("keep");
    await attack(multipartUpload, RUNS.photoUpload, ([type, body]) =>
      uploads.send(
        (w) => ({
          method: "POST",
          path: "/api/users/profile/image-upload",
          contentType: type,
          body,
          authorization: authorization(w, "rider"),
        }),
        under('"rate_limits","photo_uploads"'),
      ));
  });

  it("photo reads with hostile ids and versions never 5xx and refuse with JSON", async () => {
    const arb = fc.tuple(
      fc.oneof(fc.constant("rider"), hostileSegment),
      fc.oneof(fc.constant(""), hostileQueryValue.map((v) => `?v=${v}`)),
      fc.constantFrom<string | null>(null, '"x"', "*", 'W/"x"'),
    );
    const photos = arena("keep");
    await attack(arb, RUNS.photoGet, ([id, q, etag]) =>
      photos.send((w) => ({
        method: "GET",
        path: `/api/users/${id === "rider" ? w.rider.user.id : id}/photo${q}`,
        headers: etag ? { "if-none-match": etag } : undefined,
      })));
  });

  it("language switches with hostile languages and return paths never 5xx, write nothing and stay on this site", async () => {
    const arb = fc.tuple(
      fc.oneof(fc.constantFrom("en", "es", "EN", "fr", ""), hostileQueryValue),
      fc.oneof(
        fc.constantFrom("/about", "//evil.test/x", "/\\evil.test", "https://evil.test", "/%2F%2Fevil.test", ""),
        hostileQueryValue,
      ),
    );
    const switches = arena("keep");
    await attack(arb, RUNS.languageSwitch, async ([to, next]) => {
      const status = await switches.send(() => ({
        method: "GET",
        path: `/lang?to=${encodeURIComponent(to)}&next=${encodeURIComponent(next)}`,
        jsonRefusals: true,
      }));
      expect([303, 400]).toContain(status);
    });
    // Where a 303 goes: a path of this site, whatever `next` said.
    for (const next of ["//evil.test/x", "/\\evil.test", "https://evil.test", "/%0d%0aSet-Cookie:x=1"]) {
      const res = await switches.world().then((w) =>
        w.t.request(`/lang?to=es&next=${encodeURIComponent(next)}`, { redirect: "manual" })
      );
      const location = res.headers.get("location") ?? "";
      expect(res.status).toBe(303);
      expect(location.startsWith("/") && !location.startsWith("//") && !/[\\\r\n]/.test(location)).toBe(true);
    }
  });

  it("range reads of the PMTiles file with hostile Range, If-Range and If-None-Match never 5xx and never overrun", async () => {
    const path = await writePmtilesFixture();
    const size = pmtilesFixture().bytes.length;
    const files = new Arena(async () => ({ t: await makeApp({ MAP_PMTILES_PATH: path }) }), "keep");
    // Header values a client can send: printable ASCII (a Request refuses line breaks and NUL itself).
    const value = fc.stringMatching(/^[ -~]{0,40}$/);
    const number = fc.oneof(fc.nat({ max: size * 2 }), fc.constantFrom(0, size - 1, size, 2 ** 53, 1e21))
      .map(String);
    const range = fc.oneof(
      fc.tuple(number, number).map(([a, b]) => `bytes=${a}-${b}`),
      number.map((a) => `bytes=${a}-`),
      number.map((b) => `bytes=-${b}`),
      fc.constantFrom("bytes=0-1,4-5", "bytes=--1", "bytes=0x10-", "bytes = 0-1", "bits=0-1", "bytes=1-0"),
      value,
    );
    const arb = fc.record({
      range: fc.option(range),
      ifRange: fc.option(fc.oneof(value, fc.constantFrom('"x"', 'W/"x"', "Mon, 01 Jan 2024 00:00:00 GMT"))),
      ifNoneMatch: fc.option(fc.oneof(value, fc.constant("*"))),
      method: fc.constantFrom("GET", "HEAD"),
    });
    try {
      await attack(arb, RUNS.pmtilesRanges, async ({ range, ifRange, ifNoneMatch, method }) => {
        const headers: Record<string, string> = {};
        if (range !== null) headers.range = range;
        if (ifRange !== null) headers["if-range"] = ifRange;
        if (ifNoneMatch !== null) headers["if-none-match"] = ifNoneMatch;
        // 416 and 304 carry no body: refusals of a byte range are not JSON.
        const status = await files.send(() => ({ method, path: "/map/tiles.pmtiles", headers, jsonRefusals: false }));
        expect([200, 206, 304, 416]).toContain(status);
        if (status === 206) {
          const res = await (await files.world()).t.request("/map/tiles.pmtiles", { method: "HEAD", headers });
          const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
          expect(m, JSON.stringify(headers)).not.toBeNull();
          expect(Number(m![1])).toBeLessThanOrEqual(Number(m![2]));
          expect(Number(m![2])).toBeLessThan(size);
          expect(Number(res.headers.get("content-length"))).toBe(Number(m![2]) - Number(m![1]) + 1);
        }
      });
    } finally {
      files.close();
      await Deno.remove(path).catch(() => {});
    }
  });

  it("incoming texts of any form, fields, bytes and signature never 5xx; only Twilio's signature gets past 403", async () => {
    // A server with a Twilio number, and a member of an organisation with contacts, so HELP has something to name.
    const texts = new Arena(async () => {
      const t = await makeApp(TWILIO_TEST_ENV);
      await updateTenant(t.kv, "greer", (g) => ({ ...g, contactPhone: "8645550100", contactEmail: "rides@greer.gov" }));
      await signIn(t, "8645550142", "greer");
      return { t };
    }, "keep");
    const from = fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 9999 }).map((n) => `+1864555${String(n).padStart(4, "0")}`) },
      {
        weight: 2,
        arbitrary: fc.constantFrom("+18645550142", "+447700900123", "8645550142", "", "   ", "whatsapp:+18645550142"),
      },
      { weight: 1, arbitrary: fc.integer({ min: 60, max: 200 }).map((n) => "+1".padEnd(n, "9")) },
      { weight: 2, arbitrary: hostileString },
    );
    const body = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom("HELP", "help me", "AYUDA", "STOP", "parar", "START", "yes", "hello", "", "Help!"),
      },
      { weight: 3, arbitrary: hostileString },
    );
    const field = fc.oneof(
      fc.constantFrom("From", "Body", "To", "MessageSid", "__proto__", "constructor", ""),
      hostileString,
    );
    // Twilio's MessageSid, a new one or a repeat, or anything; "SM" and 32 hex digits in Twilio's forms.
    const sid = fc.oneof(
      { weight: 5, arbitrary: fc.uuid().map((u) => "SM" + u.replaceAll("-", "")) },
      { weight: 1, arbitrary: fc.constantFrom("SM" + "1".repeat(32), "", "  ", "SM" + "a".repeat(70)) },
      { weight: 1, arbitrary: hostileString },
    );
    const form = fc.record({
      from: fc.option(from, { freq: 8 }),
      body: fc.option(body, { freq: 8 }),
      sid: fc.option(sid, { freq: 8 }),
      extra: fc.array(fc.tuple(field, hostileString), { maxLength: 4 }),
    }).map(({ from, body, sid, extra }) => {
      const pairs: [string, string][] = [];
      if (from !== null) pairs.push(["From", from]);
      if (body !== null) pairs.push(["Body", body]);
      if (sid !== null) pairs.push(["MessageSid", sid]);
      return new TextEncoder().encode(new URLSearchParams([...pairs, ...extra]).toString());
    });
    const raw = fc.oneof(
      fc.constantFrom("%zz=%%&From=%2B18645550142&Body=HELP", "From=%FF%FE&Body=HELP", "=&&=", "From", "a=1;b=2")
        .map((s) => new TextEncoder().encode(s)),
      fc.constantFrom(
        "From=%2B18645550143&From=%2B18645550144&Body=STOP&Body=HELP",
        `From=%2B18645550145&Body=${"x".repeat(9000)}`,
      ).map((s) => new TextEncoder().encode(s)),
      fc.uint8Array({ maxLength: 200 }).map((b) => new Uint8Array(b)),
    );
    const arb = fc.record({
      bytes: fc.oneof({ weight: 5, arbitrary: form }, { weight: 1, arbitrary: raw }),
      type: fc.oneof(
        { weight: 6, arbitrary: fc.constant("application/x-www-form-urlencoded") },
        {
          weight: 2,
          arbitrary: fc.constantFrom<string | null>(
            "application/x-www-form-urlencoded; charset=utf-8",
            "APPLICATION/X-WWW-FORM-URLENCODED",
            "application/json",
            "multipart/form-data; boundary=B",
            "text/plain",
            null,
          ),
        },
      ),
      signing: fc.oneof(
        { weight: 5, arbitrary: fc.constant("twilio") },
        { weight: 1, arbitrary: fc.constantFrom("none", "empty", "wrong token", "other url") },
        { weight: 1, arbitrary: fc.base64String({ minLength: 0, maxLength: 40 }) },
      ),
      query: fc.constantFrom("", "", "", "?x=1"),
    });
    await attack(arb, RUNS.smsInbound, async ({ bytes, type, signing, query }) => {
      const w = await texts.world();
      const url = `${w.t.config.publicUrl}/api/sms/inbound${query}`;
      // What the server will read: the bytes as UTF-8, parsed as a form.
      const pairs = [...new URLSearchParams(new TextDecoder().decode(bytes))];
      const token = w.t.config.sms.twilioAuthToken!;
      const signature = signing === "twilio"
        ? signTwilioPairs(token, url, pairs)
        : signing === "wrong token"
        ? signTwilioPairs(token + "x", url, pairs)
        : signing === "other url"
        ? signTwilioPairs(token, "https://evil.example/api/sms/inbound", pairs)
        : signing === "empty"
        ? ""
        : signing === "none"
        ? null
        : signing;
      const status = await texts.send(() => ({
        method: "POST",
        path: `/api/sms/inbound${query}`,
        contentType: type,
        body: { kind: "bytes", bytes: new Uint8Array(bytes) },
        headers: signature === null ? undefined : { "x-twilio-signature": signature },
      }));
      const isForm = type !== null && type.split(";")[0].trim().toLowerCase() === "application/x-www-form-urlencoded";
      const tooLarge = bytes.length > SMS_INBOUND_MAX_BYTES;
      const why = JSON.stringify({ type, signing, bytes: bytes.length });
      if (tooLarge) expect(status, why).toBe(413);
      else if (!isForm) expect(status, why).toBe(415);
      else if (signing !== "twilio") expect(status, why).toBe(403);
      else {
        const sender = pairs.find(([k]) => k === "From")?.[1].trim() ?? "";
        const sid = pairs.find(([k]) => k === "MessageSid")?.[1].trim() ?? "";
        const unnamed = sender === "" || sender.length > 64 || sid === "" || sid.length > 64;
        expect(status, why).toBe(unnamed ? 400 : status === 429 ? 429 : 200);
      }
      if (status === 200) {
        // Accepted: TwiML, one message at most, everything in it escaped.
        expect(texts.last!.contentType, why).toBe("text/xml");
        expect(texts.last!.text, why).toMatch(
          /^<\?xml version="1\.0" encoding="UTF-8"\?><Response(\/>|><Message>[^<>]*<\/Message><\/Response>)$/,
        );
      }
    });
  });

  it("the installable app's files with hostile tenants, names, queries, ETags and languages never 5xx", async () => {
    const arb = fc.tuple(
      fc.oneof(fc.constant(""), tenantSegment.map((t) => `/${t}`)),
      fc.oneof(
        fc.constantFrom("manifest.webmanifest", "sw.js", "icons/icon-192.png", "icons/icon-maskable-512.png"),
        hostileSegment.map((s) => `icons/${s}`),
      ),
      fc.oneof(fc.constant(""), hostileQueryValue.map((v) => `?v=${v}`)),
      fc.constantFrom<string | null>(null, '"x"', "*", 'W/"x"'),
      fc.constantFrom<string | null>(null, "lang=es", "lang=xx", "lang=%ff"),
    );
    const files = arena("keep");
    await attack(arb, RUNS.webApp, ([base, file, q, etag, cookie]) => {
      const path = `${base}/${file}${q}`;
      return files.send(() => ({
        method: "GET",
        path,
        headers: { ...(etag ? { "if-none-match": etag } : {}), ...(cookie ? { cookie } : {}) },
        // Not API paths: a name that is no icon gets the 404 page, as any other missing page does.
        jsonRefusals: isApiPath(new URL(path, "http://hopper.test").pathname),
      }));
    });
  });

  const decodedOr = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  it("GTFS-Flex feed reads with hostile tenants, queries, ETags and languages never 5xx and refuse with JSON", async () => {
    const arb = fc.tuple(
      tenantSegment,
      fc.oneof(fc.constant(""), hostileQueryValue.map((v) => `?v=${v}`)),
      fc.constantFrom<string | null>(null, '"x"', "*", 'W/"x"', '"a", "b"', ""),
      fc.constantFrom<string | null>(null, "lang=es", "lang=xx", "lang=%ff"),
    );
    const feeds = arena("keep");
    await attack(arb, RUNS.gtfsFlex, ([tenant, q, etag, cookie]) => {
      const path = `/${tenant}/gtfs-flex.zip${q}`;
      const [first, ...rest] = new URL(path, "http://hopper.test").pathname.slice(1).split("/");
      return feeds.send(() => ({
        method: "GET",
        path,
        headers: { ...(etag !== null ? { "if-none-match": etag } : {}), ...(cookie ? { cookie } : {}) },
        // A segment that resolves away (".."), or a reserved name, lands on the site's own 404 page.
        jsonRefusals: rest.length === 1 && !RESERVED_CODES.has(decodedOr(first)),
      }));
    });
  });

  it("API paths that do not exist answer a JSON 404 (or another 4xx), never a 5xx", async () => {
    const arb = fc.tuple(
      fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
      fc.constantFrom("/api/{s}", "/api/{s}/{s}", "/api/users/{s}", "/api/auth/{s}", "/{t}/api/{s}", "/{t}/ws/{s}"),
      tenantSegment,
      hostileSegment,
      hostileSegment,
      fc.oneof(fc.constant<BodySpec>({ kind: "none" }), bodyFor(template({ a: new NumberText("1") }))),
    );
    const paths = arena("keep");
    await attack(arb, RUNS.unknownPaths, ([method, shape, t, s1, s2, body]) => {
      let n = 0;
      const path = shape.replace("{t}", t).replace(/\{s\}/g, () => n++ ? s2 : s1);
      const resolved = new URL(path, "http://hopper.test").pathname;
      return paths.send(() => ({
        method,
        path,
        body,
        contentType: "application/json",
        jsonRefusals: isApiPath(resolved),
      }));
    });
  });

  it("refuses text hiding characters (NUL, bidi overrides, lone surrogates) in names, messages and destinations", async () => {
    const w = await badInputWorld();
    try {
      for (const bad of ["a\u0000b", "\u202eevil", "x\ud800", "\u2066x\u2069", "a\u007fb"]) {
        const before = await snapshotKv(w.t.kv);
        const answers = [
          await w.t.request("/api/users/profile", put(w.rider.token, { name: bad })),
          await w.t.request(
            "/api/inquiries",
            postJson({ name: "Ada", email: "ada@example.com", message: `Hello ${bad}` }),
            nextAddress(),
          ),
          await requestRide(w.t, w.rider2.token, { destination: `Library ${bad}` }),
        ];
        expect(answers.map((r) => r.status), JSON.stringify(bad)).toEqual([400, 400, 400]);
        for (const res of answers) {
          expect((await res.json()).error).toMatch(/contains characters that are not allowed$/);
        }
        expect(changedKeys(before, await snapshotKv(w.t.kv)).filter((k) => !k.startsWith('"rate_limits"'))).toEqual([]);
      }
      const fine = await w.t.request("/api/users/profile", put(w.rider.token, { name: "José Ñúñez 🚐 שלום" }));
      expect(fine.status).toBe(200);
    } finally {
      w.t.kv.close();
    }
  });

  it("sent every planned request, and the plan holds at least 10,000 across the bad-input files", () => {
    expect(PLANNED_TOTAL).toBeGreaterThanOrEqual(10_000);
    expect(sentCount()).toBeGreaterThanOrEqual(plannedRuns("public"));
    const worlds = arenas.map((a) => `${a.builds}/${a.heals}`).join(" ");
    console.log(`bad input (public): ${sentCount()} requests, seed ${SEED}, worlds built/healed ${worlds}`);
  });
});
