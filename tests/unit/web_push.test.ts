/**
 * Web push's keys and wire: a local start makes its VAPID pair once and keeps it beside the store (0600), never in
 * KV or a backup; the environment's pair is checked at start-up; each push goes out encrypted (aes128gcm), signed
 * (VAPID), with the notice's TTL and Urgency; the push service's answer decides sent, expired or failed.
 */
import { describe, expect, it } from "vitest";
import { exportEntries } from "../../kv/backup.ts";
import { openStore } from "../../kv/open.ts";
import { localVapidKeys, vapidPathFor } from "../../kv/vapid_keys.ts";
import { ConfigError, loadConfig, makesLocalVapidKeys } from "../../lib/config.ts";
import { Metrics } from "../../lib/metrics.ts";
import { allowedEndpoint } from "../../lib/push.ts";
import { NOTICE_DELIVERY } from "../../lib/push_delivery.ts";
import { webPushSender } from "../../lib/web_push.ts";
import { TEST_VAPID } from "../helpers/app.ts";

const keys = { publicKey: TEST_VAPID.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID.VAPID_PRIVATE_KEY };
/** A browser's keys: a P-256 point and a 16-byte secret. */
const target = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
  keys: {
    p256dh: "BB0Jqfodu4UDhKPqGZIdVIitQpsPLxxQBXWqvszGj0RCf0kr3ZE7Mmb-wW0AJIqxXlZp5zIVaIn6kaY8aqmrylA",
    auth: "C9SDGsyo6ALjwQCOIcTLQw",
  },
};
const message = { title: "City of Greer", body: "City of Greer: Your shuttle is here", url: "/greer/rider", tag: "t" };

describe("a local start's VAPID pair", () => {
  it("is made once, kept in a 0600 file beside the store, and never in KV or its backup", async () => {
    const dir = await Deno.makeTempDir();
    const path = `${dir}/shuttle.kv`;
    using kv = await openStore(path);
    const pair = await localVapidKeys(path);
    expect(pair.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(pair.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await Deno.stat(vapidPathFor(path))).mode! & 0o777).toBe(0o600);
    expect(await localVapidKeys(path)).toEqual(pair);
    await kv.set(["x"], 1);
    const lines: string[] = [];
    await exportEntries(kv, (line) => void lines.push(line));
    expect(lines.join("\n")).not.toContain(pair.privateKey);
    await Deno.remove(dir, { recursive: true });
  });

  it("is made only on a local start: an https one takes its pair from the environment", () => {
    expect(makesLocalVapidKeys(loadConfig({ KV_PATH: ":memory:" }))).toBe(true);
    const https = { PUBLIC_URL: "https://rides.example.org", JWT_SECRET: "x".repeat(32), SMS_PROVIDER: "twilio" };
    const twilio = {
      TWILIO_ACCOUNT_SID: "AC" + "0".repeat(32),
      TWILIO_AUTH_TOKEN: "t".repeat(16),
      TWILIO_FROM: "+18645550100",
    };
    const off = loadConfig({ ...https, ...twilio });
    expect(off.vapid).toBeNull();
    expect(makesLocalVapidKeys(off)).toBe(false);
    expect(loadConfig({ ...https, ...twilio, ...TEST_VAPID }).vapid).toEqual(keys);
  });

  it("stops a start with one key of the pair, or a key of the wrong shape, naming the variable", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      new ConfigError("VAPID_PRIVATE_KEY", "is required with VAPID_PUBLIC_KEY"),
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY is required/);
    expect(() => loadConfig({ ...TEST_VAPID, VAPID_PUBLIC_KEY: "abc" })).toThrow(/VAPID_PUBLIC_KEY must be/);
  });
});

describe("where a device may be pushed", () => {
  it("is a browser's push service over https, never another host of the server's choosing", () => {
    for (
      const url of [
        "https://web.push.apple.com/QGuKk",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://wns2-bl2p.notify.windows.com/w/?token=x",
      ]
    ) expect(allowedEndpoint(url, false)).toBe(true);
    for (
      const url of [
        "https://push.example.com/send/x",
        "https://10.0.0.1/x",
        "https://fcm.googleapis.com.evil.example/x",
        "https://evilfcm.googleapis.com/x",
        "https://fcm.googleapis.com:8443/x",
      ]
    ) expect(allowedEndpoint(url, true)).toBe(false);
  });

  it("is https, or on a local start an http push service on this machine", () => {
    expect(allowedEndpoint("https://fcm.googleapis.com/fcm/send/x", false)).toBe(true);
    expect(allowedEndpoint("http://fcm.googleapis.com/fcm/send/x", true)).toBe(false);
    expect(allowedEndpoint("http://localhost:8090/notify/x", true)).toBe(true);
    expect(allowedEndpoint("http://127.0.0.1:8090/notify/x", true)).toBe(true);
    expect(allowedEndpoint("http://localhost:8090/notify/x", false)).toBe(false);
    expect(allowedEndpoint("https://localhost/notify/x", false)).toBe(false);
    expect(allowedEndpoint("https://user:pw@push.example.com/x", false)).toBe(false);
  });
});

describe("a push on the wire", () => {
  it("is encrypted aes128gcm, signed with VAPID, with the notice's TTL and Urgency", async () => {
    const seen: Request[] = [];
    const fetchFn = (url: string | URL | Request, init?: RequestInit) => {
      seen.push(new Request(url, init));
      return Promise.resolve(new Response(null, { status: 201 }));
    };
    const metrics = new Metrics();
    const sender = webPushSender(keys, { contactEmail: "ops@hopper.test", metrics, fetchFn });
    expect(await sender.send(target, message, NOTICE_DELIVERY.here)).toBe("sent");
    const [req] = seen;
    expect(req.url).toBe(target.endpoint);
    expect(req.headers.get("content-encoding")).toBe("aes128gcm");
    expect(req.headers.get("ttl")).toBe("120");
    expect(req.headers.get("urgency")).toBe("high");
    expect(req.headers.get("authorization")).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`),
    );
    const body = new Uint8Array(await req.arrayBuffer());
    expect(new TextDecoder().decode(body)).not.toContain("shuttle is here");
    expect(NOTICE_DELIVERY.accepted.ttlSeconds).toBeGreaterThan(NOTICE_DELIVERY.here.ttlSeconds);
    expect(metrics.render([])).toContain('hopper_push_total{outcome="sent"} 1');
  });

  it("is expired on 404 and 410, failed on any other refusal or no answer, and each is counted", async () => {
    const metrics = new Metrics();
    const answering = (status: number) =>
      webPushSender(keys, {
        contactEmail: "ops@hopper.test",
        metrics,
        fetchFn: () => Promise.resolve(new Response(null, { status })),
      });
    expect(await answering(410).send(target, message, NOTICE_DELIVERY.near)).toBe("expired");
    expect(await answering(404).send(target, message, NOTICE_DELIVERY.near)).toBe("expired");
    expect(await answering(429).send(target, message, NOTICE_DELIVERY.near)).toBe("failed");
    const down = webPushSender(keys, {
      contactEmail: "ops@hopper.test",
      metrics,
      fetchFn: () => Promise.reject(new TypeError("connection refused")),
    });
    expect(await down.send(target, message, NOTICE_DELIVERY.near)).toBe("failed");
    const text = metrics.render([]);
    expect(text).toContain('hopper_push_total{outcome="expired"} 2');
    expect(text).toContain('hopper_push_total{outcome="failed"} 2');
  });
});
