/** Arrival times from an OSRM-compatible service, and the estimate when it fails or is slow (lib/routing.ts). */
import { afterEach, describe, expect, it } from "vitest";
import { estimateMinutes } from "../../lib/eta.ts";
import { estimateSource, routingSource } from "../../lib/routing.ts";
import { startFakeOsrm } from "../helpers/fake_osrm.ts";

const A = { lat: 34.9387, lng: -82.2271 };
const B = { lat: 34.9567, lng: -82.2271 }; // 2 km north
let osrm: ReturnType<typeof startFakeOsrm>;
afterEach(async () => await osrm?.stop());

describe("routingSource", () => {
  it("is the estimate without ROUTING_URL", async () => {
    expect(routingSource(null)).toBe(estimateSource);
    expect(await estimateSource.minutes(A, B)).toBe(estimateMinutes(A, B));
  });

  it("uses the route's duration (lng,lat order), plus the pull-up minute, and reuses it for the same points", async () => {
    osrm = startFakeOsrm();
    osrm.state.seconds = 430; // 7.2 min → 8, plus 1
    const source = routingSource(osrm.url);
    expect(await source.minutes(A, B)).toBe(9);
    expect(osrm.state.requests).toEqual([
      "/route/v1/driving/-82.227100,34.938700;-82.227100,34.956700?overview=false",
    ]);
    expect(await source.minutes({ lat: A.lat + 0.00001, lng: A.lng }, B)).toBe(9);
    expect(osrm.state.requests).toHaveLength(1);
  });

  it("falls back to the estimate when the service fails, finds no route, or takes longer than the limit", async () => {
    osrm = startFakeOsrm();
    osrm.state.seconds = 10_000;
    const events: Record<string, unknown>[] = [];
    const estimate = estimateMinutes(A, B);
    osrm.state.status = 500;
    expect(await routingSource(osrm.url, { log: (e) => events.push(e) }).minutes(A, B)).toBe(estimate);
    osrm.state.status = 200;
    osrm.state.code = "NoRoute";
    expect(await routingSource(osrm.url).minutes(A, B)).toBe(estimate);
    osrm.state.code = "Ok";
    osrm.state.delayMs = 400;
    const started = performance.now();
    expect(await routingSource(osrm.url, { timeoutMs: 100 }).minutes(A, B)).toBe(estimate);
    expect(performance.now() - started).toBeLessThan(390);
    expect(events).toEqual([expect.objectContaining({ event: "routing.failed", error: "answered 500" })]);
  });

  it("falls back when nothing listens there", async () => {
    osrm = startFakeOsrm();
    const url = osrm.url;
    await osrm.stop();
    expect(await routingSource(url).minutes(A, B)).toBe(estimateMinutes(A, B));
  });
});
