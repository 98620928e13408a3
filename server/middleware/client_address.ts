import type { Context } from "hono";
import type { Env } from "../env.ts";

/**
 * The client's address for per-address limits. Behind a proxy that sets
 * X-Forwarded-For (TRUST_PROXY=true), its first entry; otherwise the socket's
 * peer, which a client cannot forge.
 */
export function clientAddress(c: Context<Env>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.remoteAddr?.hostname ?? "unknown";
}
