/**
 * The installable web app as a client sees it: each tenant's
 * manifest and icons, the public site's, and the tenant's service worker,
 * under the same security headers as every answer. The browser side (the
 * worker installing, the page offline) is tests/e2e/installable.test.ts.
 */
import { describe, expect, it } from "vitest";
import { updateTenant } from "../../kv/tenants.ts";
import { decodeImage, encodePng } from "../../lib/images/codecs.ts";
import { saveTenantLogo } from "../../kv/tenant_logos.ts";
import { html, makeApp } from "../helpers/app.ts";

type T = Awaited<ReturnType<typeof makeApp>>;

async function manifestOf(t: T, path: string, init?: RequestInit) {
  const res = await t.request(path, init);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
  return await res.json();
}

/** The PNG a manifest's icon names: its status, type and size in pixels. */
async function iconOf(t: T, src: string) {
  const res = await t.request(src);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const img = res.status === 200 ? await decodeImage(bytes, "png") : null;
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
    size: img && `${img.width}x${img.height}`,
    img,
  };
}

const pixel = (
  img: { width: number; data: Uint8ClampedArray },
  x: number,
  y: number,
) => [...img.data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe("a tenant's web app manifest", () => {
  it("names the tenant's shuttle, starts at its rider screen and keeps to its paths", async () => {
    using t = await makeApp();
    const manifest = await manifestOf(t, "/greer/manifest.webmanifest");
    expect(manifest).toMatchObject({
      name: "City of Greer Shuttle",
      short_name: "City of Greer",
      start_url: "/greer/rider",
      scope: "/greer/",
      display: "standalone",
      theme_color: "#1e3a8a",
      lang: "en",
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  it("serves every icon it lists as a PNG of the size it says, cached for good at the listed URL", async () => {
    using t = await makeApp();
    const manifest = await manifestOf(t, "/greer/manifest.webmanifest");
    for (const icon of manifest.icons) {
      const got = await iconOf(t, icon.src);
      expect({ status: got.status, type: got.type, size: got.size, cache: got.cache }, icon.src).toEqual({
        status: 200,
        type: icon.type,
        size: icon.sizes,
        cache: "public, max-age=31536000, immutable",
      });
    }
  });

  it("wears the brand colour once the tenant has one: the theme, and icons drawn on it", async () => {
    using t = await makeApp();
    await updateTenant(t.kv, "greer", (g) => ({ ...g, brandColor: "#b91c1c" }));
    const manifest = await manifestOf(t, "/greer/manifest.webmanifest");
    expect(manifest.theme_color).toBe("#b91c1c");
    const [any, , maskable] = manifest.icons;
    expect(any.src).toBe("/greer/icons/icon-192.png?v=b91c1c");
    const round = (await iconOf(t, any.src)).img!;
    // The tile is the brand colour and its corners are see-through, as the favicon's.
    expect(pixel(round, 96, 8)).toEqual([0xb9, 0x1c, 0x1c, 255]);
    expect(pixel(round, 0, 0)[3]).toBe(0);
    // The maskable icon is the brand colour to its very corner, so a launcher's mask never shows an edge.
    const full = (await iconOf(t, maskable.src)).img!;
    expect(pixel(full, 0, 0)).toEqual([0xb9, 0x1c, 0x1c, 255]);
    expect(pixel(full, 20, 256)).toEqual([0xb9, 0x1c, 0x1c, 255]);
  });

  it("shows the tenant's logo, whole, on a white tile once it has one, at new URLs", async () => {
    using t = await makeApp();
    const before = await manifestOf(t, "/greer/manifest.webmanifest");
    // A logo twice as wide as tall: a red band.
    const red = { width: 64, height: 32, data: new Uint8ClampedArray(64 * 32 * 4) };
    for (let p = 0; p < red.data.length; p += 4) red.data.set([220, 38, 38, 255], p);
    const bytes = await encodePng(red);
    await saveTenantLogo(t.kv, "greer", { bytes, contentType: "image/png", width: 64, height: 32 }, {
      by: "test",
      now: t.clock.now(),
    });
    const manifest = await manifestOf(t, "/greer/manifest.webmanifest");
    const [any, large, maskable] = manifest.icons;
    expect(any.src).not.toBe(before.icons[0].src);
    const round = (await iconOf(t, any.src)).img!;
    expect(round.width).toBe(192);
    // The logo in the middle, white above and below it (its shape kept), see-through corners.
    expect(pixel(round, 96, 96)).toEqual([220, 38, 38, 255]);
    expect(pixel(round, 96, 30)).toEqual([255, 255, 255, 255]);
    expect(pixel(round, 0, 0)[3]).toBe(0);
    expect((await iconOf(t, large.src)).size).toBe("512x512");
    const full = (await iconOf(t, maskable.src)).img!;
    expect(pixel(full, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(full, 256, 256)).toEqual([220, 38, 38, 255]);
    // Inside the safe zone: white at 40% of the side left of the centre (the logo takes 56% of the side).
    expect(pixel(full, 256 - 150, 256)).toEqual([255, 255, 255, 255]);
    const page = await html(await t.request("/greer/rider"));
    expect(page).toContain(`<link rel="apple-touch-icon" href="${any.src}">`);
  });

  it("speaks the person's language", async () => {
    using t = await makeApp();
    const manifest = await manifestOf(t, "/greer/manifest.webmanifest", { headers: { cookie: "lang=es" } });
    expect(manifest).toMatchObject({ name: "Transporte de City of Greer", short_name: "City of Greer", lang: "es" });
  });

  it("is linked by every page of the tenant, which also names its service worker", async () => {
    using t = await makeApp();
    for (const path of ["/greer/rider", "/greer/driver", "/greer/login", "/greer/about"]) {
      const page = await html(await t.request(path));
      expect(page, path).toContain('<link rel="manifest" href="/greer/manifest.webmanifest">');
      expect(page, path).toContain('<body data-sw="/greer/sw.js">');
    }
  });
});

describe("the public site's web app manifest", () => {
  it("is Hopper's, linked by the public pages, which name no service worker and still load no script", async () => {
    using t = await makeApp();
    const manifest = await manifestOf(t, "/manifest.webmanifest");
    expect(manifest).toMatchObject({ name: "Hopper", short_name: "Hopper", start_url: "/login", scope: "/" });
    for (const icon of manifest.icons) expect((await iconOf(t, icon.src)).size).toBe(icon.sizes);
    for (const path of ["/", "/about", "/privacy"]) {
      const page = await html(await t.request(path));
      expect(page, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(page, path).not.toContain("data-sw");
      expect(page, path).not.toContain("<script");
    }
  });
});

describe("a tenant's service worker", () => {
  it("answers JavaScript under the strict CSP, checked with the server at every visit, under 10 KiB gzip", async () => {
    using t = await makeApp();
    const res = await t.request("/greer/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    const source = await res.text();
    expect(() => new Function(source)).not.toThrow();
    const gzipped = await new Response(new Blob([source]).stream().pipeThrough(new CompressionStream("gzip")))
      .arrayBuffer();
    expect(gzipped.byteLength).toBeLessThan(10 * 1024);
  });

  it("pre-caches the tenant's shell pages, the island bundles, the stylesheet and the pins, and no API", async () => {
    using t = await makeApp();
    const source = await (await t.request("/greer/sw.js")).text();
    const settings = JSON.parse(source.match(/\)\((\{.*\})\);\s*$/s)![1]);
    expect(settings.base).toBe("/greer");
    expect(settings.pages).toEqual(["/greer/rider", "/greer/driver", "/greer/login"]);
    const rider = await html(await t.request("/greer/rider"));
    const bundles = [...rider.matchAll(/(?:src|href)="(\/build\/[^"]+)"/g)].map((m) => m[1]);
    expect(bundles.length).toBeGreaterThan(5);
    expect(settings.files).toEqual(expect.arrayContaining([...bundles, "/shuttle.png", "/flag.png", "/person.png"]));
    expect(settings.files.filter((f: string) => /\/api\/|token|ticket/.test(f))).toEqual([]);
    // Every file it lists is there to be fetched (one missing file would fail the whole install).
    for (const file of [...settings.pages, ...settings.files]) {
      expect((await t.request(file)).status, file).toBe(200);
    }
  });

  it("is a new worker when the tenant's look changes, so open pages offer the new version", async () => {
    using t = await makeApp();
    const before = await (await t.request("/greer/sw.js")).text();
    await updateTenant(t.kv, "greer", (g) => ({ ...g, brandColor: "#b91c1c" }));
    const after = await (await t.request("/greer/sw.js")).text();
    expect(after).not.toBe(before);
    expect(after).toContain("/brand/b91c1c.css");
  });

  it("exists only under a tenant: the public site has none, an unknown tenant's goes home", async () => {
    using t = await makeApp();
    for (const path of ["/sw.js", "/nowhere/sw.js"]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/");
    }
  });
});
