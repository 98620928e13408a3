/**
 * One server process per KV file: local KV delivers watch
 * events only inside the process that committed (to each of its isolates), so a second server on the same file would
 * miss the first one's ride changes and its sockets would go quiet. The lock is per open file, so the isolates of one
 * `deno serve --parallel` process are refused like other processes: serve.ts lets the one holding it stand for the
 * process. The server takes an exclusive advisory lock on `<file>.lock` before opening the store. The OS drops the lock
 * when the process ends however it ends (SIGKILL, power loss), so a lock is never stale; the file itself may stay
 * behind and means nothing on its own.
 *
 * A separate file, not the KV file: SQLite holds POSIX locks on the KV file,
 * and a process closing any handle of that file drops all of them.
 * The admin CLI does not take the lock: it writes through KV transactions,
 * which SQLite keeps safe across processes (docs/operations.md).
 */
import { dirname } from "node:path";

export class StoreLockedError extends Error {
  constructor(readonly kvPath: string, readonly lockPath: string, holder: string) {
    super(
      `Another Hopper server${holder ? ` (pid ${holder})` : ""} is already using the KV file ${kvPath} ` +
        `(lock: ${lockPath}). Run one server process per KV file: local KV does not share live updates ` +
        "between processes. Stop the other server, or set KV_PATH to another file.",
    );
    this.name = "StoreLockedError";
  }
}

export interface StoreLock {
  readonly lockPath: string;
  /** Releases the lock (process exit releases it too). */
  release(): void;
}

export function lockPathOf(kvPath: string): string {
  return `${kvPath}.lock`;
}

/**
 * Takes the lock for the store at `kvPath`, or throws StoreLockedError naming
 * the file when another process holds it. `:memory:` and the managed KV (null)
 * need no lock: answers null. Creates the file's folder, as openStore does.
 */
export async function lockStore(kvPath: string | null): Promise<StoreLock | null> {
  if (kvPath === null || kvPath === ":memory:") return null;
  const lockPath = lockPathOf(kvPath);
  await Deno.mkdir(dirname(kvPath), { recursive: true });
  const file = await Deno.open(lockPath, { read: true, write: true, create: true });
  let locked = false;
  try {
    locked = await file.tryLock(true);
    if (!locked) throw new StoreLockedError(kvPath, lockPath, await holderOf(lockPath));
    // Who holds it, for the next process's message; the lock itself is what counts.
    await file.truncate(0);
    await file.write(new TextEncoder().encode(`${Deno.pid}\n`));
  } catch (err) {
    file.close();
    throw err;
  }
  let released = false;
  return {
    lockPath,
    release() {
      if (released) return;
      released = true;
      file.close(); // closing the handle drops the lock
    },
  };
}

async function holderOf(lockPath: string): Promise<string> {
  const text = await Deno.readTextFile(lockPath).catch(() => "");
  return /^\d+/.exec(text.trim())?.[0] ?? "";
}
