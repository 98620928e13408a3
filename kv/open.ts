import { dirname } from "node:path";

/**
 * Opens the store at `path` (creating its folder), the in-memory one for
 * ":memory:", or the platform's managed KV for null (Deno Deploy).
 */
export async function openStore(path: string | null): Promise<Deno.Kv> {
  if (path === null) return await Deno.openKv();
  if (path !== ":memory:") await Deno.mkdir(dirname(path), { recursive: true });
  return await Deno.openKv(path);
}
