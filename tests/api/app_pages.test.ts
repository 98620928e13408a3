import { describe, expect, it } from "vitest";
import { html as readHtml, makeApp } from "../helpers/app.ts";

const PAGES = [
  { path: "rider", island: "RiderScreen", title: "Request a Ride · City of Greer" },
  { path: "driver", island: "DriverScreen", title: "Driver Dashboard · City of Greer" },
  { path: "profile", island: "ProfileSettings", title: "Profile Settings · City of Greer" },
  { path: "admin", island: "AdminDashboard", title: "Admin Dashboard · City of Greer" },
];

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
    expect(html).toContain(`data-props="{&quot;tenant&quot;:&quot;greer&quot;}"`);
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

  it("answers a trailing slash like the page itself", async () => {
    using t = await makeApp();
    const res = await t.request("/greer/rider/");
    expect(res.status).toBe(200);
    expect(await readHtml(res)).toContain('data-island="RiderScreen"');
  });
});
