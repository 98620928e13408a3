/** Thrown when a turn did not come within the wait: the caller answers 503 with Retry-After. */
export class BusyError extends Error {
  constructor() {
    super("Waited too long for a turn");
    this.name = "BusyError";
  }
}

/**
 * Runs one task at a time, in arrival order; a task still waiting after
 * `maxWaitMs` is dropped with BusyError. Used for decoding photos:
 * one decode at a time keeps a burst of uploads from holding several
 * full-size images in memory at once.
 */
export class OneAtATime {
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly maxWaitMs: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    const previous = this.#tail;
    let done!: () => void;
    this.#tail = new Promise<void>((resolve) => done = resolve);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"late">((resolve) => timer = setTimeout(() => resolve("late"), this.maxWaitMs));
    try {
      if (await Promise.race([previous.then(() => "turn" as const), timedOut]) === "late") {
        // Leave the queue in order: the next task waits for the one before this one.
        previous.then(done);
        throw new BusyError();
      }
      clearTimeout(timer);
      try {
        return await task();
      } finally {
        done();
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
