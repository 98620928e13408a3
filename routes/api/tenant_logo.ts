/**
 * An organisation's logo, which replaces the Hopper mark in its
 * pages' header:
 * - POST /{t}/api/admin/settings/logo, multipart field `image` (PNG, JPEG or
 *   WebP, at most 1 MB) → { settings } with the new `logoUrl`. Made by the
 *   profile photo pipeline (lib/images/logo.ts), off the request thread, one
 *   decode at a time with profile photos.
 * - DELETE /{t}/api/admin/settings/logo → { settings } with `logoUrl: null`.
 * - GET /{t}/logo?v={hash}: public (the header's <img>), only for the current hash.
 * Both writes are audited as a settings change (fields ["logo"]) in the
 * commit that makes them, and show at once: pages are cached by the logo's hash.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getTenantLogo, removeTenantLogo, saveTenantLogo } from "../../kv/tenant_logos.ts";
import { judgeLogo } from "../../lib/images/logo.ts";
import { makeLogoOffThread } from "../../lib/images/photo_maker.ts";
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE_TEXT } from "../../lib/images/logo_rules.ts";
import { PHOTO_BODY_ALLOWANCE } from "../../lib/images/rules.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { rateLimit } from "../../server/middleware/rate_limit.ts";
import type { OneAtATime } from "../../server/one_at_a_time.ts";
import { decodeInTurn, uploadedImage } from "../../server/uploaded_image.ts";

const TENANT_GONE = "Organization not found";

export function tenantLogoApi(deps: AppDeps, auth: AuthServices, decodeTurns: OneAtATime) {
  const { kv, clock } = deps;
  const log = deps.log ?? (() => {});
  const { admin } = roleGuards(deps, auth);
  const app = new Hono<Env>();

  app.post(
    "/admin/settings/logo",
    ...admin,
    // Decoding is costly: bound it per admin, counted in KV like photo uploads.
    rateLimit({
      kv,
      now: () => clock.now(),
      bucket: "logo_uploads",
      limit: 30,
      windowMs: 60 * 60 * 1000,
      subject: (c) => c.get("user").id,
      message: "Too many logo uploads. Please try again later.",
    }),
    bodyLimit({
      maxSize: LOGO_MAX_BYTES + PHOTO_BODY_ALLOWANCE,
      onError: (c) => c.json({ error: LOGO_TOO_LARGE_TEXT }, 413),
    }),
    async (c) => {
      const code = c.get("tenant").code;
      const by = c.get("user").id;
      const bytes = await uploadedImage(c);
      if (bytes instanceof Response) return bytes;
      const bytesIn = bytes.length;
      const started = performance.now();
      const logo = await decodeInTurn(c, decodeTurns, bytes, {
        judge: judgeLogo,
        make: makeLogoOffThread,
        refused: (status) =>
          log({ event: "settings.logo_refused", tenant: code, by, status, requestId: c.get("requestId") }),
      });
      if (logo instanceof Response) return logo;
      const tenant = await saveTenantLogo(kv, code, logo, { by, now: clock.now() });
      if (!tenant) return c.json({ error: TENANT_GONE }, 404);
      log({
        event: "settings.changed",
        tenant: code,
        by,
        fields: ["logo"],
        bytesIn,
        bytesStored: logo.bytes.length,
        contentType: logo.contentType,
        ms: Math.round(performance.now() - started),
        requestId: c.get("requestId"),
      });
      return c.json({ settings: settingsOf(tenant) });
    },
  );

  app.delete("/admin/settings/logo", ...admin, async (c) => {
    const code = c.get("tenant").code;
    const by = c.get("user").id;
    const done = await removeTenantLogo(kv, code, { by, now: clock.now() });
    if (!done) return c.json({ error: TENANT_GONE }, 404);
    if (done.removed) {
      log({ event: "settings.changed", tenant: code, by, fields: ["logo"], requestId: c.get("requestId") });
    }
    return c.json({ settings: settingsOf(done.tenant) });
  });

  return app;
}

/** GET /{t}/logo?v={hash}: the bytes, for anyone (a page's header loads it without a token). */
export function tenantLogoFile(deps: AppDeps) {
  return new Hono<Env>().get("/logo", async (c) => {
    const tenant = c.get("tenant");
    const v = c.req.query("v");
    // Only the URL naming the current bytes answers: an old logo's URL stops working once replaced.
    const logo = tenant.logo && v === tenant.logo.hash ? await getTenantLogo(deps.kv, tenant.code) : null;
    if (!logo || logo.hash !== v) return c.json({ error: "No logo" }, 404);
    const etag = `"${logo.hash}"`;
    // The URL names the bytes, so anyone may keep them for good; a logo is public, as the header shows it.
    const headers = { "content-type": logo.contentType, etag, "cache-control": "public, max-age=31536000, immutable" };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(logo.bytes, 200, headers);
  });
}
