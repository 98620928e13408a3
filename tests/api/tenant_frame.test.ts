import { describe, expect, it } from "vitest";
import { html as readHtml, makeApp } from "../helpers/app.ts";

describe("tenant frame", () => {
  it("answers GET /{tenant}/api/tenant with the tenant's name", async () => {
    using t = await makeApp();
    const res = await t.request("/greer/api/tenant");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: "greer", name: "City of Greer", status: "active", logoUrl: null });
  });

  it("answers an unknown tenant's API with 404 JSON", async () => {
    using t = await makeApp();
    for (const path of ["/nowhere/api/tenant", "/Greer/api/tenant", "/nowhere/api/rides/my"]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ error: "Organization not found" });
    }
  });

  it("redirects any page under an unknown tenant to /", async () => {
    using t = await makeApp();
    for (
      const path of ["/nowhere", "/nowhere/", "/nowhere/login", "/nowhere/about", "/nowhere/rider", "/x%20y/about"]
    ) {
      const res = await t.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/");
    }
  });

  it("redirects /{tenant} to /{tenant}/login", async () => {
    using t = await makeApp();
    for (const path of ["/greer", "/greer/"]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe("/greer/login");
    }
  });

  it("renders the tenant's about, contact, terms and privacy pages in its frame", async () => {
    using t = await makeApp();
    for (const name of ["about", "contact", "terms", "privacy"]) {
      const res = await t.request(`/greer/${name}`);
      const html = await readHtml(res);
      expect(res.status, name).toBe(200);
      expect(html, name).toContain('<span class="brand__tenant">· City of Greer</span>');
      for (const link of ["terms", "privacy", "about"]) expect(html, name).toContain(`href="/greer/${link}"`);
      expect(html, name).toContain(`<title>`);
    }
    const about = await readHtml(await t.request("/greer/about"));
    expect(about).toContain("City of Greer runs its on-demand shuttle with Hopper");
    const contact = await readHtml(await t.request("/greer/contact"));
    expect(contact).toContain("&quot;tenant&quot;:&quot;greer&quot;");
  });

  it("answers an unknown page of a known tenant with a 404 page in the tenant's frame", async () => {
    using t = await makeApp();
    const res = await t.request("/greer/nothing-here");
    expect(res.status).toBe(404);
    const html = await readHtml(res);
    expect(html).toContain("Page not found");
    expect(html).toContain("Back to City of Greer");
  });

  it("never treats a reserved path as a tenant", async () => {
    using t = await makeApp();
    const res = await t.request("/favicon.ico");
    expect(res.status).toBe(404);
  });
});
