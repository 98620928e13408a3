import { describe, expect, it } from "vitest";
import { TENANT_REUSE_MS } from "../../kv/tenants.ts";
import { SHORTCUT_MS } from "../../server/page_shortcut.ts";
import { addCampus, html as readHtml, makeApp } from "../helpers/app.ts";

/** The map screens also get the tenant's service area and the map style (null: the built-in one). */
const MAP_PROPS = {
  tenant: "greer",
  area: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
  mapStyleUrl: null,
};

const PAGES = [
  { path: "rider", island: "RiderScreen", title: "Request a Ride · City of Greer", props: MAP_PROPS },
  { path: "driver", island: "DriverScreen", title: "Driver Dashboard · City of Greer", props: MAP_PROPS },
  { path: "profile", island: "ProfileSettings", title: "Profile Settings · City of Greer", props: { tenant: "greer" } },
  { path: "admin", island: "AdminDashboard", title: "Admin Dashboard · City of Greer", props: { tenant: "greer" } },
];

const attr = (value: unknown) => JSON.stringify(value).replaceAll('"', "&quot;");

describe("app pages", () => {
  it.each(PAGES)("serves /greer/$path with its island, the account menu and the loading state", async (p) => {
    using t = await makeApp();
    const res = await t.request(`/greer/${p.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await readHtml(res);
    expect(html).toContain(`<title>${p.title}</title>`);
    expect(html).toContain('<span class="brand__tenant">· City of Greer</span>');
    expect(html).toContain(`data-island="${p.island}"`);
    expect(html).toContain('data-island="UserMenu"');
    expect(html).toContain(`data-island="${p.island}" data-props="${attr(p.props)}"`);
    // The header's account slot replaces the About/Contact links.
    expect(html).not.toContain('aria-label="Main"');
    // The server renders the signed-out state: the guard's loading status, no user, no page content.
    expect(html).toMatch(/role="status"[^>]*>.*Loading\.\.\./);
    expect(html).not.toContain("user-menu");
    // The bundles of both islands, and nothing else.
    const scripts = [...html.matchAll(/<script type="module" src="\/build\/(\w+)-/g)].map((m) => m[1]).sort();
    expect(scripts).toEqual([p.island, "UserMenu"].sort());
  });

  it.each(PAGES)("redirects /nowhere/$path to /", async (p) => {
    using t = await makeApp();
    const res = await t.request(`/nowhere/${p.path}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("hands the map screens MAP_STYLE_URL when it is set", async () => {
    using t = await makeApp({ MAP_STYLE_URL: "https://tiles.example.org/style.json" });
    for (const path of ["rider", "driver"]) {
      const html = await readHtml(await t.request(`/greer/${path}`));
      expect(html).toContain(`&quot;mapStyleUrl&quot;:&quot;https://tiles.example.org/style.json&quot;`);
    }
  });

  it("follows a change of the service area written straight to KV within the reuse windows", async () => {
    using t = await makeApp();
    expect(await readHtml(await t.request("/greer/rider"))).toContain("&quot;radiusMeters&quot;:805");
    const tenant = (await t.kv.get<{ serviceArea: { radiusMeters: number } }>(["tenants", "greer"])).value!;
    await t.kv.set(["tenants", "greer"], { ...tenant, serviceArea: { ...tenant.serviceArea, radiusMeters: 1200 } });
    const changed = performance.now();
    let html = "";
    while (performance.now() - changed < TENANT_REUSE_MS + SHORTCUT_MS + 1000) {
      html = await readHtml(await t.request("/greer/rider"));
      if (html.includes("&quot;radiusMeters&quot;:1200")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(html).toContain("&quot;radiusMeters&quot;:1200");
  });

  it("hands the rider screen of an automatic tenant its time zone, for the card's planned times", async () => {
    using t = await makeApp();
    const tenant = (await t.kv.get<Record<string, unknown>>(["tenants", "greer"])).value!;
    await t.kv.set(["tenants", "greer"], { ...tenant, timezone: "America/Chicago", dispatchMode: "automatic" });
    const html = await readHtml(await t.request("/greer/rider"));
    expect(html).toContain(
      `data-island="RiderScreen" data-props="${attr({ ...MAP_PROPS, timeZone: "America/Chicago" })}"`,
    );
  });

  it("shows a tenant created in this process at once", async () => {
    using t = await makeApp();
    expect((await t.request("/campus/rider")).status).toBe(302); // unknown yet: sent to the landing page
    await addCampus(t);
    const html = await readHtml(await t.request("/campus/rider"));
    expect(html).toContain("Request a Ride · State Campus");
  });

  it("links no map code or map stylesheet in the page: the map loads them after the page shows", async () => {
    using t = await makeApp();
    const html = await readHtml(await t.request("/greer/rider"));
    expect(html).not.toContain("maplibre");
    for (const href of html.match(/\/build\/[\w-]+\.js/g) ?? []) {
      const body = await (await t.request(href)).text();
      expect(body, href).not.toContain("maplibre-gl-worker");
    }
  });

  it("serves MapLibre's worker and stylesheet beside the bundles, immutable and compressed", async () => {
    using t = await makeApp();
    const worker = await t.request("/build/maplibre-gl-worker.mjs?v=6.17.0", { headers: { "accept-encoding": "br" } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(worker.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(worker.headers.get("content-encoding")).toBe("br");
    const css = await t.request("/build/maplibre-gl.css?v=6.17.0");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toContain(".maplibregl-map");
  });

  it("answers a trailing slash like the page itself", async () => {
    using t = await makeApp();
    const res = await t.request("/greer/rider/");
    expect(res.status).toBe(200);
    expect(await readHtml(res)).toContain('data-island="RiderScreen"');
  });
});
