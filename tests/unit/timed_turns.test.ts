import { describe, expect, it } from "vitest";
import { TimedTurns, TurnTimeoutError } from "../../server/timed_turns.ts";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("TimedTurns", () => {
  it("runs tasks one at a time in arrival order", async () => {
    const turns = new TimedTurns(1000);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) =>
      turns.run(async () => {
        most = Math.max(most, ++running);
        await delay(10);
        order.push(i);
        running--;
      })
    ));
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it("drops a task whose turn does not come within the wait, and keeps the queue going", async () => {
    const turns = new TimedTurns(50);
    const slow = turns.run(() => delay(200).then(() => "slow"));
    const late = turns.run(() => Promise.resolve("late"));
    await expect(late).rejects.toBeInstanceOf(TurnTimeoutError);
    expect(await slow).toBe("slow");
    expect(await turns.run(() => Promise.resolve("next"))).toBe("next");
  });

  it("a failing task frees the turn", async () => {
    const turns = new TimedTurns(1000);
    await expect(turns.run(() => Promise.reject(new Error("bad")))).rejects.toThrow("bad");
    expect(await turns.run(() => Promise.resolve(1))).toBe(1);
  });
});
