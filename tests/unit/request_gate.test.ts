import { describe, expect, it } from "vitest";
import { RequestGate, STOPPING } from "../../server/shutdown.ts";

const info = {} as Deno.ServeHandlerInfo;
const req = () => new Request("http://localhost/");

describe("RequestGate", () => {
  it("hands back an answer the handler has at once as it is, and counts it done", async () => {
    const gate = new RequestGate();
    const page = new Response("page");
    const answer = gate.wrap(() => page)(req(), info);
    expect(answer).toBe(page);
    let closed = false;
    void gate.close().then(() => closed = true);
    await Promise.resolve();
    expect(closed).toBe(true);
  });

  it("waits on close for an answer still being made", async () => {
    const gate = new RequestGate();
    let finish!: (res: Response) => void;
    const answer = gate.wrap(() => new Promise<Response>((resolve) => finish = resolve))(req(), info);
    let closed = false;
    const closing = gate.close().then(() => closed = true);
    await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(false);
    finish(new Response("late"));
    expect(await (await answer).text()).toBe("late");
    await closing;
    expect(closed).toBe(true);
  });

  it("counts a handler that throws or rejects as done, and lets its error through", async () => {
    const gate = new RequestGate();
    const thrower = gate.wrap(() => {
      throw new Error("boom");
    });
    expect(() => thrower(req(), info)).toThrow("boom");
    await expect(gate.wrap(() => Promise.reject(new Error("late boom")))(req(), info)).rejects.toThrow("late boom");
    await gate.close(); // resolves: nothing is left in flight
  });

  it("answers 503 with Retry-After once closed, without calling the handler", async () => {
    const gate = new RequestGate();
    let called = false;
    const handler = gate.wrap(() => {
      called = true;
      return new Response("no");
    });
    await gate.close();
    const res = await handler(req(), info);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toEqual({ error: STOPPING });
    expect(called).toBe(false);
  });
});
