/**
 * Commits of one process's isolates take turns at the store file.
 * Under `deno serve --parallel` every isolate writes through its own SQLite
 * connection, and when two commit at once SQLite makes one wait and then
 * refuses it ("database is locked": its read of the checks is older than the
 * other's write), so it is tried again (kv/busy_retry.ts). A burst of 200
 * sign-ins over two isolates met 130 to 250 such refusals.
 *
 * With the gate, an isolate holds an exclusive lock on `<file>.commits` (flock,
 * which the OS hands on at once when it is let go) while its commits run: every
 * commit waiting when the lock is taken runs under that one hold, side by side
 * (Deno KV writes commits that arrive together in one transaction), and commits
 * arriving meanwhile wait for the next hold, so the other isolate gets its
 * turn in between. One isolate alone (main.ts) needs no gate. Writers that do
 * not take it (the admin CLI) still meet SQLite's refusal and its retries.
 */
export class CommitGate {
  #file: Deno.FsFile;
  #state: "free" | "taking" | "held" | "letting go" = "free";
  #waiting: (() => void)[] = [];
  #running = 0;

  constructor(path: string) {
    this.#file = Deno.openSync(path, { read: true, write: true, create: true, mode: 0o600 });
  }

  /** Runs `commit` under a hold of the lock. */
  async run<T>(commit: () => Promise<T>): Promise<T> {
    await new Promise<void>((enter) => {
      this.#waiting.push(enter);
      if (this.#state === "free") void this.#take();
    });
    try {
      return await commit();
    } finally {
      if (--this.#running === 0) void this.#letGo();
    }
  }

  /**
   * Takes the lock, then lets in every commit waiting. Should the lock fail,
   * they run all the same: the gate only spares SQLite's refusals, which the
   * commits survive (kv/busy_retry.ts).
   */
  async #take(): Promise<void> {
    this.#state = "taking";
    await this.#file.lock(true).catch(() => {});
    this.#state = "held";
    const entering = this.#waiting;
    this.#waiting = [];
    this.#running = entering.length;
    for (const enter of entering) enter();
  }

  /** Lets the lock go once the hold's commits are done, and takes it again for the commits that came meanwhile. */
  async #letGo(): Promise<void> {
    this.#state = "letting go";
    await this.#file.unlock().catch(() => {});
    this.#state = "free";
    if (this.#waiting.length) await this.#take();
  }
}
