import type { Context } from "hono";
import { addressGroup } from "../../lib/address_group.ts";
import type { Env } from "../env.ts";

/**
 * The client's address for per-address limits. Behind proxies that append to
 * X-Forwarded-For (TRUST_PROXY=true), the entry the nearest trusted proxy
 * wrote: the `hops`-th from the right (TRUSTED_PROXY_HOPS, default 1).
 * Entries to its left came from the client, who can write anything there.
 * Without a proxy, the socket's peer, which a client cannot forge. An IPv6
 * address is answered as its /64 (lib/address_group.ts): every address a
 * client can take in its own network counts as one.
 */
export function clientAddress(
  c: Context<Env>,
  { trustProxy, trustedProxyHops: hops }: { trustProxy: boolean; trustedProxyHops: number },
): string {
  if (trustProxy) {
    const entries = (c.req.header("x-forwarded-for") ?? "").split(",").map((e) => e.trim()).filter(Boolean);
    const chosen = entries[entries.length - hops];
    if (chosen) return addressGroup(chosen);
  }
  const peer = c.env?.remoteAddr?.hostname;
  return peer ? addressGroup(peer) : "unknown";
}
