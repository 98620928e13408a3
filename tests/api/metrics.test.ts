import { describe, expect, it } from "vitest";
import { waitFor } from "../helpers/live.ts";
import { bearer, makeApp, postJson } from "../helpers/app.ts";
import { move, requestRide, rideWorld } from "../helpers/rides.ts";

const TOKEN = "metrics-token-0123456789";

describe("GET /metrics", () => {
  it("is off unless METRICS_TOKEN is set", async () => {
    using t = await makeApp();
    const res = await t.request("/metrics");
    expect(res.status).toBe(404);
  });

  it("needs the bearer token", async () => {
    using t = await makeApp({ METRICS_TOKEN: TOKEN });
    expect((await t.request("/metrics")).status).toBe(401);
    expect((await t.request("/metrics", bearer("wrong-token-wrong-token"))).status).toBe(401);
    expect((await t.request("/metrics", bearer(TOKEN))).status).toBe(200);
  });

  it("counts requests by route and status, latency, SMS, ride changes and active rides", async () => {
    using t = await makeApp({ METRICS_TOKEN: TOKEN });
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    await move(t, w.driver.token, ride.id, "accepted");
    // The rider's "accepted" text goes after the answer: counted once it is out.
    await waitFor(() => t.sms.sent.some((m) => m.body.includes("accepted your ride")), "the rider's text");
    await t.request("/greer/api/rides/my", bearer(w.rider.token));
    t.sms.send = () => Promise.reject(new Error("down"));
    await t.request("/api/auth/login", postJson({ phoneNumber: "8645550177" }));
    const res = await t.request("/metrics", bearer(TOKEN));
    expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await res.text();
    expect(text).toContain('hopper_http_requests_total{route="/:tenant/api/rides/my",method="GET",status="200"} 1');
    expect(text).toContain('hopper_http_requests_total{route="/api/auth/login",method="POST",status="502"} 1');
    expect(text).toMatch(/hopper_http_request_duration_ms_bucket\{route="\/:tenant\/api\/rides",le="\+Inf"\} 1/);
    expect(text).toContain('hopper_sms_total{outcome="sent"} 6');
    expect(text).toContain('hopper_sms_total{outcome="failed"} 1');
    expect(text).toContain('hopper_ride_changes_total{tenant="greer",to="pending"} 1');
    expect(text).toContain('hopper_ride_changes_total{tenant="greer",to="accepted"} 1');
    expect(text).toContain('hopper_rides_active{tenant="greer",status="accepted"} 1');
    expect(text).toContain('hopper_open_sockets{kind="riders"} 0');
    // No raw paths (ids) as labels.
    expect(text).not.toContain(ride.id);
  });
});

describe("metric labels a stranger cannot grow", () => {
  it("maps any method to a fixed set plus OTHER, and unknown paths to one route", async () => {
    using t = await makeApp({ METRICS_TOKEN: TOKEN });
    for (let i = 0; i < 20; i++) {
      await t.request(`/no-such-${i}/x${i}`, { method: `INVENTED${i}` });
      await t.request(`/greer/api/nothing-${i}`, { method: "GET" });
      await t.request(`/api/auth/login-${i}`, { method: "PROPFIND" });
    }
    const text = await (await t.request("/metrics", bearer(TOKEN))).text();
    const series = text.split("\n").filter((line) => line.startsWith("hopper_http_requests_total{"));
    const methods = new Set(series.map((line) => line.match(/method="([^"]*)"/)![1]));
    const routes = new Set(series.map((line) => line.match(/route="([^"]*)"/)![1]));
    for (const method of methods) {
      expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER"]).toContain(method);
    }
    expect(methods).toContain("OTHER");
    expect(text).not.toMatch(/INVENTED|PROPFIND|nothing-|login-\d|no-such/);
    // Sixty requests to sixty different paths with forty invented methods: a handful of series, not sixty.
    expect(routes.size).toBeLessThanOrEqual(4);
  });
});
