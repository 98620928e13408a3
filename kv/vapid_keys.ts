/**
 * Web push's VAPID pair on a local start (lib/config.ts makesLocalVapidKeys): made once and kept in a file beside
 * the KV file with mode 0600, like the signing secret (kv/secrets.ts), so a backup or an export of the store never
 * holds it. Subscriptions are made against the public key: a new pair would silence every device, so the file is
 * kept. The in-memory store keeps its pair in memory.
 */
import type { VapidKeys } from "../lib/config.ts";

/** Where a local start keeps its VAPID pair: beside the KV file and its secret, never in the store. */
export const vapidPathFor = (kvPath: string) => `${kvPath}.vapid`;

let inMemory: Promise<VapidKeys> | null = null;

export function localVapidKeys(kvPath: string): Promise<VapidKeys> {
  if (kvPath === ":memory:") return inMemory ??= newVapidKeys();
  return keptKeys(vapidPathFor(kvPath));
}

async function keptKeys(path: string): Promise<VapidKeys> {
  const existing = await readKeys(path);
  if (existing) return existing;
  try {
    await Deno.writeTextFile(path, JSON.stringify(await newVapidKeys()) + "\n", { createNew: true, mode: 0o600 });
  } catch (err) {
    // Another isolate of the same start wrote it first: theirs is the pair.
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
  await Deno.chmod(path, 0o600);
  return (await readKeys(path))!;
}

async function readKeys(path: string): Promise<VapidKeys | null> {
  try {
    const kept = JSON.parse(await Deno.readTextFile(path)) as Partial<VapidKeys>;
    return kept.publicKey && kept.privateKey ? { publicKey: kept.publicKey, privateKey: kept.privateKey } : null;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

/** A fresh P-256 pair in the form browsers and VAPID take: the raw public point and the private scalar, base64url. */
export async function newVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { publicKey: base64Url(raw), privateKey: jwk.d! };
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
