import { dirname } from "node:path";
import { isKvConnectUrl } from "../lib/config.ts";
import { CommitGate } from "./commit_gate.ts";
import { Store } from "./store.ts";

/**
 * Opens the store (kv/store.ts) at `path` (creating its folder), the in-memory
 * one for ":memory:", a KV Connect server for an http(s) URL (Deno sends
 * DENO_KV_ACCESS_TOKEN from the environment), or the platform's managed KV
 * for null (Deno Deploy). A store file, and SQLite's journal files beside it,
 * are readable by the owner only (mode 0600): they hold phone numbers and
 * sessions. When `sharedByIsolates` (serve.ts), a file's commits take turns
 * with the other isolates' (kv/commit_gate.ts, on `<file>.commits`); a store
 * over the network has no file here to gate.
 */
export async function openStore(
  path: string | null,
  { sharedByIsolates = false }: { sharedByIsolates?: boolean } = {},
): Promise<Store> {
  if (path === null || path === ":memory:" || isKvConnectUrl(path)) {
    return new Store(await Deno.openKv(path ?? undefined));
  }
  await Deno.mkdir(dirname(path), { recursive: true });
  // Created empty with the right mode first, so the file is never readable by others, even for a moment.
  try {
    await Deno.writeFile(path, new Uint8Array(), { createNew: true, mode: 0o600 });
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
  const gate = sharedByIsolates ? new CommitGate(`${path}.commits`) : undefined;
  const kv = new Store(await Deno.openKv(path), { gate });
  await ownerOnly(path);
  return kv;
}

/** Sets mode 0600 on the store file and its -wal and -shm files (when present). */
export async function ownerOnly(path: string): Promise<void> {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      await Deno.chmod(file, 0o600);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  }
}
