/**
 * Writes that meet on the same keys, run one after another in this isolate
 * (a tenant's ride writes, oneAtATime in kv/rides.ts; the hits on a shared
 * rate budget, kv/rate_limits.ts). Writes running together on a
 * checked key only make each other retry: each read before the others
 * committed, so all but one lose the check, read again and back off (60
 * riders and drivers of one tenant at once; 50 sign-ins counting one
 * tenant's texts: 2.5 retries each). In a lane each commits at
 * its first try. Writes from another process or isolate still meet the checks
 * and retry: a lane only spares retries; correctness rests on the checked
 * commits, never on the lane.
 */
const lanes = new WeakMap<Deno.Kv, Map<string, Promise<unknown>>>();

/** Runs `task` after the tasks of `lane` started before it, whether they answered or failed. */
export function inLane<T>(kv: Deno.Kv, lane: string, task: () => Promise<T>): Promise<T> {
  let byLane = lanes.get(kv);
  if (!byLane) lanes.set(kv, byLane = new Map());
  const run = (byLane.get(lane) ?? Promise.resolve()).then(task, task);
  const settled = run.then(() => {}, () => {});
  byLane.set(lane, settled);
  settled.then(() => {
    if (byLane.get(lane) === settled) byLane.delete(lane);
  });
  return run;
}
