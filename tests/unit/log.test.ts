import { describe, expect, it } from "vitest";
import { jsonLogger } from "../../lib/log.ts";

describe("jsonLogger", () => {
  it("writes many events as JSON lines in one write on the next turn", async () => {
    const writes: string[] = [];
    const log = jsonLogger((text) => writes.push(text));
    log({ event: "request", path: "/a" });
    log({ event: "request", path: "/b" });
    expect(writes).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 5));
    expect(writes).toHaveLength(1);
    const lines = writes[0].trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.path)).toEqual(["/a", "/b"]);
    expect(lines[0]).toMatchObject({ level: "info", event: "request" });
    expect(new Date(lines[0].time).getTime()).toBeGreaterThan(0);
  });

  it("writes each field once: time, then level (the event's own or info), then the event's fields in order", async () => {
    const writes: string[] = [];
    const log = jsonLogger((text) => writes.push(text));
    log({ event: "request", level: "warn", path: "/a", tenant: undefined });
    log({ event: "request" });
    await new Promise((r) => setTimeout(r, 5));
    const [warned, plain] = writes[0].trimEnd().split("\n");
    expect(warned.startsWith('{"time":"')).toBe(true);
    expect(warned).toMatch(/^\{"time":"[^"]+","level":"warn","event":"request","path":"\/a"\}$/);
    expect(plain).toMatch(/^\{"time":"[^"]+","level":"info","event":"request"\}$/);
    expect(warned.match(/"level"/g)).toHaveLength(1);
    expect(JSON.parse(warned)).toEqual({ time: expect.any(String), level: "warn", event: "request", path: "/a" });
    expect(JSON.parse(plain)).toEqual({ time: expect.any(String), level: "info", event: "request" });
  });

  it("writes an error at once, with what was pending before it", () => {
    const writes: string[] = [];
    const log = jsonLogger((text) => writes.push(text));
    log({ event: "request" });
    log({ event: "error", level: "error" });
    expect(writes).toHaveLength(1);
    expect(writes[0].trimEnd().split("\n")).toHaveLength(2);
  });
});
