import { describe, expect, it } from "vitest";
import { html as readHtml, makeApp } from "../helpers/app.ts";

/** The tenant's time zone goes to the screens that show dates (dates in the tenant's time). */
const DATED = ",&quot;timeZone&quot;:&quot;America/New_York&quot;";
const PAGES = [
  { path: "admin/trips", island: "AdminTrips", title: "Trips · Admin · City of Greer", props: DATED },
  { path: "admin/users", island: "AdminUsers", title: "Users · Admin · City of Greer", props: DATED },
  { path: "admin/schedule", island: "AdminSchedule", title: "Schedule · Admin · City of Greer", props: "" },
];

describe("admin pages", () => {
  it.each(PAGES)("serves /greer/$path: its island in the wide frame, the loading state, nothing else", async (p) => {
    using t = await makeApp();
    const res = await t.request(`/greer/${p.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await readHtml(res);
    expect(html).toContain(`<title>${p.title}</title>`);
    expect(html).toContain(`data-island="${p.island}"`);
    expect(html).toContain(`data-props="{&quot;tenant&quot;:&quot;greer&quot;${p.props}}"`);
    expect(html).toContain('<main id="main" class="main">');
    // The guards run in the browser: the server shows only their loading state, no admin content.
    expect(html).toMatch(/role="status"[^>]*>.*Loading\.\.\./);
    expect(html).not.toContain("admin-page");
    const scripts = [...html.matchAll(/<script type="module" src="\/build\/(\w+)-/g)].map((m) => m[1]).sort();
    expect(scripts).toEqual([p.island, "UserMenu"].sort());
  });

  it.each(PAGES)("redirects /nowhere/$path to /", async (p) => {
    using t = await makeApp();
    const res = await t.request(`/nowhere/${p.path}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});
