/**
 * An organisation's logo: uploaded by its admins, fitted whole
 * inside 256 × 256 with its transparency kept, served by hash, shown in the
 * header at once instead of the Hopper mark, removed again; audited, and
 * refused with the photo pipeline's kind of answers.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { decodeImage, encodePng } from "../../lib/images/codecs.ts";
import type { Rgba } from "../../lib/images/pixels.ts";
import { LOGO_INVALID_TYPE_TEXT, LOGO_MAX_BYTES, LOGO_TOO_LARGE_TEXT } from "../../lib/images/logo_rules.ts";
import { PHOTO_BODY_ALLOWANCE } from "../../lib/images/rules.ts";
import { sniffImageType } from "../../lib/images/sniff.ts";
import { addCampus, bearer, html, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

const LOGO = "/greer/api/admin/settings/logo";

/** A width × height PNG: an opaque red disc on a transparent ground, with text-like stripes of noise in it. */
async function discPng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const data = new Uint8ClampedArray(width * height * 4);
  const r = Math.min(width, height) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < r * r;
      if (inside) data.set([200, 30 + ((x * 7) & 31), 40, 255], (y * width + x) * 4);
    }
  }
  return await encodePng({ width, height, data });
}

function form(bytes: Uint8Array<ArrayBuffer>, name = "logo.png", type = "image/png"): FormData {
  const body = new FormData();
  body.set("image", new File([bytes], name, { type }));
  return body;
}

async function upload(t: TestApp, token: string, body: BodyInit, path = LOGO) {
  return await t.request(path, bearer(token, { method: "POST", body }));
}

/** The decoded pixels of what GET logoUrl answers, with its headers. */
async function served(t: TestApp, url: string): Promise<{ res: Response; img: Rgba }> {
  const res = await t.request(url);
  expect(res.status, url).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = sniffImageType(bytes);
  expect(type).not.toBeNull();
  expect(res.headers.get("content-type")).toBe(`image/${type}`);
  return { res, img: await decodeImage(bytes, type!) };
}

const alphaAt = (img: Rgba, x: number, y: number) => img.data[(y * img.width + x) * 4 + 3];

describe("an organisation's logo", () => {
  it("takes an admin's PNG, keeps its transparency, fits it in 256 px, and shows it in the header at once", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    // The header shows the Hopper mark first (and the page is now cached).
    expect(await html(await t.request("/greer/login"))).not.toContain("/greer/logo?v=");

    const res = await upload(t, admin.token, form(await discPng(600, 600)));
    expect(res.status).toBe(200);
    const { settings } = await res.json();
    expect(settings.logoUrl).toMatch(/^\/greer\/logo\?v=[0-9a-f]{16}$/);
    expect(settings.name).toBe("City of Greer");

    const { res: file, img } = await served(t, settings.logoUrl);
    expect([img.width, img.height]).toEqual([256, 256]);
    expect(alphaAt(img, 2, 2)).toBe(0); // the corner stays transparent
    expect(alphaAt(img, 128, 128)).toBe(255);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = file.headers.get("etag")!;
    expect(etag).toBe(`"${settings.logoUrl.split("=")[1]}"`);
    const again = await t.request(settings.logoUrl, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    for (const path of ["/greer/login", "/greer/rider"]) {
      const page = await html(await t.request(path));
      expect(page).toContain(
        `<img class="logo" src="${settings.logoUrl.replace("&", "&amp;")}" alt="" width="32" height="32"/>`,
      );
      expect(page).not.toContain('class="logo__body"');
    }
    expect((await (await t.request("/greer/api/admin/settings", bearer(admin.token))).json()).settings.logoUrl)
      .toBe(settings.logoUrl);
    expect(await (await t.request("/greer/api/tenant")).json()).toMatchObject({ logoUrl: settings.logoUrl });
  });

  it("keeps a wide logo's shape, never enlarges a small one, and draws the header's at 32 px high", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const wide = await (await upload(t, admin.token, form(await discPng(1000, 250)))).json();
    const { img } = await served(t, wide.settings.logoUrl);
    expect([img.width, img.height]).toEqual([256, 64]);
    expect(await html(await t.request("/greer/login"))).toContain('alt="" width="128" height="32"/>');

    const small = await (await upload(t, admin.token, form(await discPng(40, 20)))).json();
    expect((await served(t, small.settings.logoUrl)).img).toMatchObject({ width: 40, height: 20 });
  });

  it("answers 404 for an old or missing ?v= once a new logo replaces it", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await t.request("/greer/logo")).status).toBe(404);
    const first = (await (await upload(t, admin.token, form(await discPng(300, 300)))).json()).settings.logoUrl;
    const second = (await (await upload(t, admin.token, form(await discPng(300, 200)))).json()).settings.logoUrl;
    expect(second).not.toBe(first);
    const old = await t.request(first);
    expect(old.status).toBe(404);
    expect(await old.json()).toEqual({ error: "No logo" });
    expect((await t.request(second)).status).toBe(200);
    expect((await t.request("/greer/logo")).status).toBe(404);
    expect((await t.request(second.replace("greer", "campus"))).status).not.toBe(200);
  });

  it("removes the logo: the header shows the Hopper mark again and the bytes are gone", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const url = (await (await upload(t, admin.token, form(await discPng(300, 300)))).json()).settings.logoUrl;
    expect(await html(await t.request("/greer/login"))).toContain(url);

    const res = await t.request(LOGO, bearer(admin.token, { method: "DELETE" }));
    expect(res.status).toBe(200);
    expect((await res.json()).settings.logoUrl).toBeNull();
    const page = await html(await t.request("/greer/login"));
    expect(page).not.toContain("/greer/logo?v=");
    expect(page).toContain('class="logo__body"');
    expect((await t.request(url)).status).toBe(404);
    expect((await t.kv.get(keys.tenantLogo("greer"))).value).toBeNull();
    expect(await (await t.request("/greer/api/tenant")).json()).toMatchObject({ logoUrl: null });
  });

  it("audits an upload and a removal as a settings change of the logo, and a removal of nothing not at all", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const before = await t.kv.get(keys.tenant("greer"));
    expect((await t.request(LOGO, bearer(admin.token, { method: "DELETE" }))).status).toBe(200);
    expect((await listAudit(t.kv, "greer")).filter((a) => a.action === "settings.changed")).toEqual([]);
    expect((await t.kv.get(keys.tenant("greer"))).versionstamp).toBe(before.versionstamp); // nothing written
    await upload(t, admin.token, form(await discPng(100, 100)));
    await t.request(LOGO, bearer(admin.token, { method: "DELETE" }));
    const audits = (await listAudit(t.kv, "greer")).filter((a) => a.action === "settings.changed");
    expect(audits).toHaveLength(2);
    for (const audit of audits) {
      expect(audit).toMatchObject({ by: admin.user.id, target: "greer", details: { fields: ["logo"] } });
    }
    expect(t.log.events.filter((e) => e.event === "settings.changed").map((e) => e.fields)).toEqual([
      ["logo"],
      ["logo"],
    ]);
  });

  it("refuses a file over 1 MB with 413, a text file with 415, a GIF with 415 and a damaged PNG with 400", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(await discPng(10, 10));
    const tooLarge = await upload(t, admin.token, form(big));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: LOGO_TOO_LARGE_TEXT });

    const text = await upload(t, admin.token, form(new TextEncoder().encode("hello, logo"), "logo.txt", "text/plain"));
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: LOGO_INVALID_TYPE_TEXT });

    const gif = await Deno.readFile(new URL("../fixtures/photo.gif", import.meta.url));
    expect((await upload(t, admin.token, form(gif, "logo.gif", "image/gif"))).status).toBe(415);

    const png = await discPng(64, 64);
    const damaged = await upload(t, admin.token, form(png.slice(0, 60)));
    expect(damaged.status).toBe(400);
    expect((await damaged.json()).error).toEqual(expect.any(String));

    const json = await t.request(LOGO, bearer(admin.token, { method: "POST", body: "{}" }));
    expect(json.status).toBe(415);
    expect(await listAudit(t.kv, "greer")).toEqual([]);
    expect((await t.kv.get(keys.tenantLogo("greer"))).value).toBeNull();
  });

  it("stops reading a streamed body once it passes the limit, with 413 and JSON", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 20 * 2 ** 20) return controller.close();
        pulled += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const res = await t.request(
      LOGO,
      bearer(admin.token, {
        method: "POST",
        body,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: LOGO_TOO_LARGE_TEXT });
    expect(pulled).toBeLessThan(LOGO_MAX_BYTES + PHOTO_BODY_ALLOWANCE + 64 * 1024 * 3);
    // Declared too large: refused before a byte is read.
    const declared = await t.request(
      LOGO,
      bearer(admin.token, {
        method: "POST",
        body: "x",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(LOGO_MAX_BYTES + PHOTO_BODY_ALLOWANCE + 1),
        },
      }),
    );
    expect(declared.status).toBe(413);
  });

  it("answers a refusal in Spanish to a Spanish admin", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(
      LOGO,
      bearer(admin.token, {
        method: "POST",
        body: form(new TextEncoder().encode("hello"), "a.txt", "text/plain"),
        headers: { "accept-language": "es" },
      }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: "Tipo de archivo no válido. Seleccione una imagen PNG, JPEG o WebP." });
  });

  it("keeps riders, drivers and another tenant's admin out; a super admin may", async () => {
    using t = await makeApp();
    await addCampus(t);
    const { rider, driver, admin } = await rideWorld(t);
    const png = await discPng(50, 50);
    for (const who of [rider, driver]) {
      const res = await upload(t, who.token, form(png));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
      expect((await t.request(LOGO, bearer(who.token, { method: "DELETE" }))).status).toBe(403);
    }
    expect((await upload(t, admin.token, form(png), "/campus/api/admin/settings/logo")).status).toBe(403);
    expect((await t.kv.get(keys.tenantLogo("campus"))).value).toBeNull();
    const root = await superAdmin(t);
    const res = await upload(t, root.token, form(png), "/campus/api/admin/settings/logo");
    expect(res.status).toBe(200);
    expect((await res.json()).settings.logoUrl).toMatch(/^\/campus\/logo\?v=/);
  });
});
