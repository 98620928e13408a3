/**
 * GET /{t}/gtfs-flex.zip: the organisation's GTFS-Flex feed for trip
 * planners (domain/tenants/gtfs_flex_feed.ts). Public, as a feed must be for
 * planners to fetch it; it holds only what the organisation shows riders
 * anyway (its hours, area, places and contacts). Its ETag is the version of
 * its inputs, so a planner asking again with If-None-Match hears 304 until
 * something in it changes; shared caches may keep it a few minutes. An
 * unknown organisation is a 404 (routes/tenant.tsx): planners read files,
 * not the redirect a person gets.
 */
import { Hono } from "hono";
import { gtfsFlexFeed } from "../domain/tenants/gtfs_flex_feed.ts";
import type { AppDeps, Env } from "../server/env.ts";

export const GTFS_FLEX_FILE = "gtfs-flex.zip";

/** Seconds a shared cache may serve the feed before asking again: a change shows within them. */
const MAX_AGE_S = 300;

export function gtfsFlexRoutes(deps: AppDeps) {
  return new Hono<Env>().get(`/${GTFS_FLEX_FILE}`, async (c) => {
    const tenant = c.get("tenant");
    const feed = await gtfsFlexFeed(deps.kv, tenant, deps.config.publicUrl, deps.clock.now());
    const etag = `"${feed.version}"`;
    const headers = {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${tenant.code}-${GTFS_FLEX_FILE}"`,
      etag,
      "cache-control": `public, max-age=${MAX_AGE_S}`,
    };
    const asked = c.req.header("if-none-match");
    // "*" asks for any version (RFC 9110): there always is one.
    if (asked && asked.split(",").some((tag) => ["*", etag].includes(tag.trim().replace(/^W\//, "")))) {
      return c.body(null, 304, headers);
    }
    return c.body(feed.bytes(), 200, headers);
  });
}
