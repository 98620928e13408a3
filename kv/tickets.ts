/**
 * Socket tickets (docs/live.md "Tickets"): a browser asks for one with its
 * bearer token just before it opens a socket and puts only the ticket in the
 * URL, so long-lived tokens stay out of URLs and logs. A ticket is good for
 * one tenant, for WS_TICKET_TTL_MS and for one connection: redeeming it
 * deletes it in a commit checked against the entry read, so of two
 * connections racing with the same ticket exactly one gets it. KV holds the
 * SHA-256 of the ticket, never the ticket itself.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";

export const WS_TICKET_TTL_MS = 30_000;

export interface WsTicket {
  userId: string;
  sessionId: string;
  tenant: string;
  expiresAt: number;
}

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh ticket for this user's session in `tenant`. */
export async function issueTicket(
  kv: Store,
  grant: Omit<WsTicket, "expiresAt">,
  now: number,
): Promise<string> {
  const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const value: WsTicket = { ...grant, expiresAt: now + WS_TICKET_TTL_MS };
  await kv.set(keys.wsTicket(await sha256(ticket)), value, { expireIn: WS_TICKET_TTL_MS });
  return ticket;
}

/** Uses the ticket up: its grant, or null when unknown, already used or expired. */
export async function redeemTicket(kv: Store, ticket: string, now: number): Promise<WsTicket | null> {
  if (!TICKET_PATTERN.test(ticket)) return null;
  const key = keys.wsTicket(await sha256(ticket));
  const entry = await kv.get<WsTicket>(key);
  if (!entry.value) return null;
  const used = await kv.atomic().check(entry).delete(key).commit();
  if (!used.ok) return null; // another connection redeemed it first
  return entry.value.expiresAt > now ? entry.value : null;
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
