/**
 * GET /metrics: Prometheus text, off unless METRICS_TOKEN is set,
 * and then only with that bearer token.
 */
import { Hono } from "hono";
import { countActiveRides } from "../../kv/ride_reads.ts";
import { gauge, type Metrics } from "../../lib/metrics.ts";
import { constantTimeEqual } from "../../lib/otp.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { liveStats } from "../live/ws.ts";

export function metricsApi({ kv, config }: AppDeps, metrics: Metrics) {
  return new Hono<Env>().get("/", async (c) => {
    if (!config.metricsToken) return c.notFound();
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!constantTimeEqual(token, config.metricsToken)) {
      return c.json({ error: "Authentication required" }, 401, { "www-authenticate": "Bearer" });
    }
    const live = liveStats(kv);
    const active = await countActiveRides(kv);
    const body = metrics.render([
      gauge("hopper_open_sockets", "Open WebSockets by kind.", [
        { labels: { kind: "riders" }, value: live.riders },
        { labels: { kind: "drivers" }, value: live.drivers },
      ]),
      gauge("hopper_feed_watchers", "Tenants with a live feed watch in this process.", [{
        labels: {},
        value: live.watchers,
      }]),
      gauge(
        "hopper_rides_active",
        "Active rides by tenant and status.",
        [...active].map(([key, value]) => {
          const [tenant, status] = key.split("\n");
          return { labels: { tenant, status }, value };
        }),
      ),
    ]);
    return c.body(body, 200, {
      "content-type": "text/plain; version=0.0.4; charset=utf-8",
      "cache-control": "no-store",
    });
  });
}
