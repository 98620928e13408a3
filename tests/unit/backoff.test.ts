/** The shared retry rule (full jitter), the socket message bucket and the socket Origin rule. */
import { describe, expect, it } from "vitest";
import { backoffCeiling, fullJitter, RECONNECT_BACKOFF } from "../../lib/backoff.ts";
import { backoffDelay } from "../../browser/live_client.ts";
import { TokenBucket } from "../../lib/token_bucket.ts";
import { originAllowed } from "../../live/origin.ts";

describe("full-jitter backoff", () => {
  it("draws every reconnect wait from [0, min(30 s, 1 s · 2^attempt)), spread over the whole window", () => {
    for (let attempt = 0; attempt <= 12; attempt++) {
      const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
      expect(backoffCeiling(attempt, RECONNECT_BACKOFF)).toBe(ceiling);
      const draws = Array.from({ length: 4000 }, () => backoffDelay(attempt));
      expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...draws)).toBeLessThan(ceiling);
      // Uniform: a quarter of the draws in each quarter of the window (±4 points over 4,000 draws).
      for (let q = 0; q < 4; q++) {
        const share = draws.filter((d) => d >= (q * ceiling) / 4 && d < ((q + 1) * ceiling) / 4).length / draws.length;
        expect(share).toBeGreaterThan(0.21);
        expect(share).toBeLessThan(0.29);
      }
    }
  });

  it("reaches the cap and stays there, even for absurd attempt numbers", () => {
    const top = () => 1 - Number.EPSILON;
    expect(backoffDelay(5, top)).toBeCloseTo(30_000, 0);
    expect(backoffDelay(1e6, top)).toBeCloseTo(30_000, 0);
    expect(backoffDelay(-3, top)).toBeCloseTo(1000, 0);
    expect(fullJitter(Infinity, { baseMs: 1, capMs: 50, random: top })).toBeCloseTo(50, 5);
  });
});

describe("the socket message bucket", () => {
  it("allows a burst of 20, then 5 a second", () => {
    const bucket = new TokenBucket(20, 5, 0);
    for (let i = 0; i < 20; i++) expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(false);
    expect(bucket.take(199)).toBe(false); // not yet one token back
    expect(bucket.take(200)).toBe(true);
    expect(bucket.take(200)).toBe(false);
    // A steady 5 a second for a minute never runs dry; 6 a second does.
    const steady = new TokenBucket(20, 5, 0);
    expect(Array.from({ length: 300 }, (_, i) => steady.take(i * 200)).every(Boolean)).toBe(true);
    const fast = new TokenBucket(20, 5, 0);
    expect(Array.from({ length: 360 }, (_, i) => fast.take((i * 1000) / 6)).every(Boolean)).toBe(false);
  });

  it("refills no further than the burst, whatever the pause", () => {
    const bucket = new TokenBucket(20, 5, 0);
    const taken = Array.from({ length: 30 }, () => bucket.take(3_600_000)).filter(Boolean).length;
    expect(taken).toBe(20);
  });
});

describe("socket Origin", () => {
  it("lets in pages from PUBLIC_URL and clients without Origin, nobody else", () => {
    const site = "https://rides.example.org";
    expect(originAllowed(undefined, site)).toBe(true);
    expect(originAllowed("https://rides.example.org", site)).toBe(true);
    for (
      const other of [
        "https://evil.example",
        "http://rides.example.org",
        "https://rides.example.org:8443",
        "https://sub.rides.example.org",
        "http://localhost:8000",
        "null",
        "",
        "garbage",
      ]
    ) {
      expect(originAllowed(other, site), other).toBe(false);
    }
  });

  it("accepts any loopback page while PUBLIC_URL is itself loopback (the default, test servers)", () => {
    const dev = "http://localhost:8000";
    for (const page of ["http://localhost:8000", "http://localhost:43123", "http://127.0.0.1:9", "http://[::1]:80"]) {
      expect(originAllowed(page, dev), page).toBe(true);
    }
    for (const page of ["https://localhost:8000", "http://evil.example", "http://localhost.evil.example:8000"]) {
      expect(originAllowed(page, dev), page).toBe(false);
    }
  });
});
