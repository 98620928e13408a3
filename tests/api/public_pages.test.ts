import { describe, expect, it } from "vitest";
import { html as readHtml, makeApp } from "../helpers/app.ts";

async function page(path: string) {
  using t = await makeApp();
  const res = await t.request(path);
  return { res, html: await readHtml(res) };
}

describe("public pages", () => {
  it("renders the landing page for riders and organisations, with no script", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain("On-demand shuttles for your community");
    expect(html).toContain("For riders");
    expect(html).toContain("For organizations");
    expect(html).toContain("Contact Us");
    expect(html).toContain('href="/greer"');
    expect(html).not.toContain("<script");
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<main id="main"/);
  });

  it("renders about, terms and privacy without script", async () => {
    for (
      const [path, heading] of [["/about", "About Hopper"], ["/terms", "Terms of Service"], [
        "/privacy",
        "Privacy Policy",
      ]]
    ) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(html, path).toContain(`<h1>${heading}</h1>`);
      expect(html, path).not.toContain("<script");
    }
  });

  it("states the privacy promises and the effective date", async () => {
    const { html } = await page("/privacy");
    expect(html).toContain("Effective date: August 6, 2025");
    expect(html).toContain("only to send you one-time passcode messages");
    expect(html).toContain("HELP and STOP");
    expect(html).toContain("we do not share or sell your phone number to anyone for marketing");
    expect(html).toContain("Message and data rates may apply.");
  });

  it("renders the contact page with the form island, its props and its script", async () => {
    using t = await makeApp();
    const res = await t.request("/contact");
    const html = await readHtml(res);
    expect(res.status).toBe(200);
    expect(html).toContain('data-island="ContactForm"');
    expect(html).toContain('data-props="{&quot;contactEmail&quot;:&quot;hello@hopper.test&quot;}"');
    const entry = html.match(/<script type="module" src="(\/build\/ContactForm-[\w]+\.js)"><\/script>/);
    expect(entry).not.toBeNull();
    expect((await t.request(entry![1])).status).toBe(200);
    // Readable without JavaScript: the form hands the fields to the mail client.
    expect(html).toContain('action="mailto:hello@hopper.test"');
    expect(html).toContain("within 1-2 business days");
    for (const label of ["Name", "Email", "Organization (optional)", "Message"]) {
      expect(html).toContain(`>${label}</label>`);
    }
  });

  it("answers an unknown page with a real 404 page", async () => {
    const { res, html } = await page("/about/nothing-here");
    expect(res.status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).toContain('href="/"');
  });

  it("answers an unknown API path with 404 JSON", async () => {
    const { res, html } = await page("/api/nothing");
    expect(res.status).toBe(404);
    expect(JSON.parse(html)).toEqual({ error: "Not found" });
  });

  it("serves the map pins at the site root as PNG", async () => {
    using t = await makeApp();
    for (const pin of ["shuttle", "flag", "person"]) {
      const res = await t.request(`/${pin}.png`);
      expect(res.status, pin).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([64, 64]);
    }
  });
});
