import { dirname } from "node:path";
import { retryWhenBusy } from "./busy_retry.ts";
import { CommitGate } from "./commit_gate.ts";

/**
 * Opens the store at `path` (creating its folder), the in-memory one for
 * ":memory:", or the platform's managed KV for null (Deno Deploy). A store
 * file, and SQLite's journal files beside it, are readable by the owner only
 * (mode 0600): they hold phone numbers and sessions. A file's writes are
 * tried again while SQLite answers busy (kv/busy_retry.ts: several isolates),
 * and, when `sharedByIsolates` (serve.ts), take turns with the other isolates'
 * (kv/commit_gate.ts, on `<file>.commits`).
 */
export async function openStore(
  path: string | null,
  { sharedByIsolates = false }: { sharedByIsolates?: boolean } = {},
): Promise<Deno.Kv> {
  if (path === null) return await Deno.openKv();
  if (path === ":memory:") return await Deno.openKv(path);
  await Deno.mkdir(dirname(path), { recursive: true });
  // Created empty with the right mode first, so the file is never readable by others, even for a moment.
  try {
    await Deno.writeFile(path, new Uint8Array(), { createNew: true, mode: 0o600 });
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
  const gate = sharedByIsolates ? new CommitGate(`${path}.commits`) : undefined;
  const kv = retryWhenBusy(await Deno.openKv(path), gate);
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
