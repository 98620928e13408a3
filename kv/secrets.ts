import { keys } from "./keys.ts";

/**
 * The signing secret when JWT_SECRET is not configured: made once, kept in KV
 * so every process on the same store (and every restart) agrees on it.
 */
export async function generatedSecret(kv: Deno.Kv): Promise<string> {
  const key = keys.meta("jwt_secret");
  const existing = await kv.get<string>(key);
  if (existing.value) return existing.value;
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const secret = btoa(String.fromCharCode(...bytes));
  await kv.atomic().check(existing).set(key, secret).commit();
  return (await kv.get<string>(key)).value!;
}
