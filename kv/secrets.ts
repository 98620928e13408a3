import type { Store } from "./store.ts";
import { keys } from "./keys.ts";

/** Where a local start keeps its generated signing secret: beside the KV file, never in it. */
export const secretPathFor = (kvPath: string) => `${kvPath}.secret`;

/**
 * The signing secret when JWT_SECRET is not set (a local http start; lib/config.ts
 * refuses it for https and for Deno Deploy). Made once and kept in a file
 * beside the KV file with mode 0600, so a backup or a copy of the store holds
 * no key: no forged token, and no code recovered from its hash (the code key
 * is derived from this secret). The in-memory store keeps it in memory.
 *
 * An old store kept the secret in KV (["meta", "jwt_secret"]):
 * it moves to the file, so sessions stay signed in, and leaves KV.
 */
export async function localSecret(kv: Store, kvPath: string): Promise<string> {
  const old = await kv.get<string>(keys.meta("jwt_secret"));
  if (kvPath === ":memory:") {
    if (old.value) await kv.delete(old.key);
    return old.value ?? randomSecret();
  }
  const path = secretPathFor(kvPath);
  const existing = await readSecret(path);
  const secret = existing ?? old.value ?? randomSecret();
  if (!existing) {
    try {
      await Deno.writeTextFile(path, secret + "\n", { createNew: true, mode: 0o600 });
    } catch (err) {
      if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
    }
  }
  await Deno.chmod(path, 0o600);
  if (old.value) await kv.delete(old.key);
  return (await readSecret(path))!;
}

async function readSecret(path: string): Promise<string | null> {
  try {
    return (await Deno.readTextFile(path)).trim() || null;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

function randomSecret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))));
}
