import { Hono } from "hono";
import { pingStore } from "../../kv/health.ts";
import type { AppDeps, Env } from "../../server/env.ts";

/** GET /healthz: 200 with the version while KV answers, 503 when it does not. */
export function healthApi({ kv, config }: AppDeps) {
  return new Hono<Env>().get("/", async (c) => {
    try {
      await pingStore(kv);
      return c.json({ status: "ok", version: config.version }, 200, { "cache-control": "no-store" });
    } catch {
      return c.json({ status: "unavailable", version: config.version, error: "Storage is not answering" }, 503, {
        "cache-control": "no-store",
      });
    }
  });
}
