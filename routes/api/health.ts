import { Hono } from "hono";
import { pingStore } from "../../kv/health.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { errorText } from "../../server/refusal_answer.ts";

/**
 * GET /healthz: 200 with the version while KV answers, 503 when it does not. Under `deno serve --parallel`
 * (serve.ts) it also names the isolate that answered: connections are spread over isolates one by one.
 */
export function healthApi({ kv, config, isolate }: AppDeps) {
  const which = isolate ? { isolate } : {};
  return new Hono<Env>().get("/", async (c) => {
    try {
      await pingStore(kv);
      return c.json({ status: "ok", version: config.version, ...which }, 200, { "cache-control": "no-store" });
    } catch {
      const error = errorText(c, "Storage is not answering");
      return c.json({ status: "unavailable", version: config.version, error }, 503, { "cache-control": "no-store" });
    }
  });
}
