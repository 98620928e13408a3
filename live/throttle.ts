/**
 * Runs a task at most once per window, coalescing triggers: the first trigger
 * after a quiet window runs at once (leading edge); triggers inside the window
 * collapse into one run when it ends (trailing edge), which reads the latest
 * state then. A run never overlaps the next one.
 */
export interface Coalescer {
  trigger(): void;
  cancel(): void;
}

export function coalesce(
  task: () => Promise<void>,
  windowMs: number,
  { now = () => performance.now(), onError = () => {} }: { now?: () => number; onError?: (error: unknown) => void } =
    {},
): Coalescer {
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let dirty = false;
  let canceled = false;

  function schedule() {
    if (timer !== null || canceled) return;
    timer = setTimeout(() => {
      timer = null;
      run();
    }, Math.max(0, lastStart + windowMs - now()));
  }

  async function run() {
    if (canceled) return;
    lastStart = now();
    running = true;
    dirty = false;
    try {
      await task();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
      if (dirty) schedule();
    }
  }

  return {
    trigger() {
      if (canceled) return;
      if (running || timer !== null) {
        dirty = true;
      } else if (now() - lastStart >= windowMs) {
        run();
      } else {
        dirty = true;
        schedule();
      }
    },
    cancel() {
      canceled = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
