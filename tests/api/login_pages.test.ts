import { describe, expect, it } from "vitest";
import { html as readHtml, makeApp } from "../helpers/app.ts";

const SMS_TEXT = "We&#x27;ll send you a verification code via SMS";

describe("login pages", () => {
  it.each([
    ["/login", "Welcome to Hopper", "/terms", "Sign in · Hopper"],
    ["/greer/login", "Welcome to City of Greer", "/greer/terms", "Sign in · City of Greer"],
    ["/greer/login/", "Welcome to City of Greer", "/greer/terms", "Sign in · City of Greer"],
  ])("renders %s with the sign-in island, the welcome, the SMS text, the button and the terms link", async (
    path,
    welcome,
    terms,
    title,
  ) => {
    using t = await makeApp();
    const res = await t.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await readHtml(res);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain('data-island="LoginForm"');
    expect(html).toContain(`<h1 class="login__title">${welcome}</h1>`);
    expect(html).toContain(SMS_TEXT);
    expect(html).toContain("Send Verification Code");
    expect(html).toContain(`<a href="${terms}">Terms of Service</a>`);
    expect(html).toMatch(/<input[^>]* type="tel"[^>]* inputMode="tel"[^>]* autoComplete="tel-national"/);
    // The island's bundle is on the page and served.
    const entry = html.match(/<script type="module" src="(\/build\/LoginForm-[\w]+\.js)"><\/script>/);
    expect(entry).not.toBeNull();
    expect((await t.request(entry![1])).status).toBe(200);
  });

  it("passes the tenant to the island, and nothing on the global page", async () => {
    using t = await makeApp();
    const tenant = await readHtml(await t.request("/greer/login"));
    expect(tenant).toContain(
      'data-island="LoginForm" data-props="{&quot;tenant&quot;:{&quot;code&quot;:&quot;greer&quot;,&quot;name&quot;:&quot;City of Greer&quot;}}"',
    );
    const global = await readHtml(await t.request("/login"));
    expect(global).toContain('data-island="LoginForm" data-props="{}"');
    // The tenant header stays on the tenant's login page.
    expect(tenant).toContain('<span class="brand__tenant">· City of Greer</span>');
    expect(global).not.toContain("City of Greer");
  });

  it("never shows the tenant-loading text, since the name comes with the page", async () => {
    using t = await makeApp();
    const html = await readHtml(await t.request("/greer/login"));
    expect(html).not.toContain("Please wait while tenant information is loading...");
  });

  it.each(["/nowhere/login", "/NoWhere/login"])("redirects %s (an unknown tenant) to /", async (path) => {
    using t = await makeApp();
    const res = await t.request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});
