/**
 * Writes that meet on the same keys, run one after another in this isolate
 * (a tenant's ride writes, rideWriteLane in kv/rides.ts; the hits on one
 * shard of a shared rate budget, kv/rate_limits.ts). Writes running together
 * on a checked key only make each other retry: each read before the others
 * committed, so all but one lose the check, read again and back off (60
 * riders and drivers of one tenant at once; 50 sign-ins counting one
 * tenant's texts: 2.5 retries each). In a lane each commits at its first
 * try. Writes from another process or isolate still meet the checks and
 * retry: a lane only spares retries; correctness rests on the checked
 * commits, never on the lane. A store keeps its lanes (kv/store.ts).
 */
interface Lane {
  tail: Promise<void>;
  /** Tasks started in the lane and not yet settled. */
  waiting: number;
  /** What the lane's tasks left for each other (kv/rate_limits.ts: hits counted together), while it has tasks. */
  queue: unknown[];
}

export class Lanes {
  #lanes = new Map<string, Lane>();

  /** Runs `task` after the tasks of `lane` started before it, whether they answered or failed. */
  run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    const entry = this.#entry(lane);
    const run = entry.tail.then(task, task);
    const settled = run.then(() => {}, () => {});
    entry.tail = settled;
    entry.waiting++;
    settled.then(() => {
      if (--entry.waiting === 0 && this.#lanes.get(lane) === entry) this.#lanes.delete(lane);
    });
    return run;
  }

  /**
   * The items `lane`'s tasks share, first come first; kept while the lane has tasks, so push to it only right
   * before running a task in the lane that takes the item out.
   */
  queue<W>(lane: string): W[] {
    return this.#entry(lane).queue as W[];
  }

  /**
   * The one of `names` with the fewest tasks waiting, so tasks on keys that do
   * not meet (the shards of one count) run side by side, each lane one after
   * another. Ties go to the first from a random lane on, so isolates counting
   * at once do not all start on the same key.
   */
  shortest(names: string[]): number {
    const waiting = (i: number) => this.#lanes.get(names[i])?.waiting ?? 0;
    const from = Math.floor(Math.random() * names.length);
    let best = from;
    for (let step = 1; step < names.length; step++) {
      const i = (from + step) % names.length;
      if (waiting(i) < waiting(best)) best = i;
    }
    return best;
  }

  #entry(lane: string): Lane {
    let entry = this.#lanes.get(lane);
    if (!entry) this.#lanes.set(lane, entry = { tail: Promise.resolve(), waiting: 0, queue: [] });
    return entry;
  }
}
