/**
 * The store the app is given (kv/store.ts): the app and its tests run through
 * it, nothing else opens a database, and its lanes (kv/lanes.ts) run the
 * tasks of one lane one after another and other lanes side by side. Its retry
 * of busy writes: tests/unit/isolate_sharing.test.ts; its reused reads:
 * tests/unit/kv_helpers.test.ts; its commit gate: tests/unit/commit_gate.test.ts.
 */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { Lanes } from "../../kv/lanes.ts";
import { Store } from "../../kv/store.ts";
import { makeApp } from "../helpers/app.ts";
import { REPO_ROOT } from "../e2e/server.ts";
import { withoutComments } from "../helpers/source_code.ts";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the store", () => {
  it("is what the tests' app is built on", async () => {
    using t = await makeApp();
    expect(t.kv).toBeInstanceOf(Store);
  });

  it("is opened by kv/open.ts only: no shipped module opens a database itself", async () => {
    const opening: string[] = [];
    const walk = async (dir: string) => {
      for await (const entry of Deno.readDir(join(REPO_ROOT, dir))) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory) await walk(path);
        else if (/\.tsx?$/.test(entry.name) && path !== "kv/open.ts") {
          if (withoutComments(await Deno.readTextFile(join(REPO_ROOT, path))).includes("Deno.openKv(")) {
            opening.push(path);
          }
        }
      }
    };
    for (const dir of ["kv", "lib", "server", "routes", "scripts", "components", "islands", "browser"]) await walk(dir);
    for (const file of ["main.ts", "serve.ts", "tests/helpers/app.ts"]) {
      if (withoutComments(await Deno.readTextFile(join(REPO_ROOT, file))).includes("Deno.openKv(")) opening.push(file);
    }
    expect(opening).toEqual([]);
  });
});

describe("lanes", () => {
  it("run one lane's tasks one after another, in order, a failure not stopping the next", async () => {
    const lanes = new Lanes();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string, fail = false) => async () => {
      most = Math.max(most, ++running);
      await delay(5);
      order.push(name);
      running--;
      if (fail) throw new Error(name);
      return name;
    };
    const all = await Promise.allSettled([
      lanes.run("a", task("1")),
      lanes.run("a", task("2", true)),
      lanes.run("a", task("3")),
    ]);
    expect(order).toEqual(["1", "2", "3"]);
    expect(most).toBe(1);
    expect(all.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("run different lanes side by side, and point a new task at the shortest", async () => {
    const lanes = new Lanes();
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await delay(10);
      running--;
    };
    const busy = [lanes.run("x", task), lanes.run("x", task)];
    expect(lanes.shortest(["x", "y"])).toBe(1);
    await Promise.all([...busy, lanes.run("y", task)]);
    expect(most).toBe(2);
  });

  it("keep what a lane's tasks leave each other while the lane has tasks, and start it empty after", async () => {
    const lanes = new Lanes();
    lanes.queue<number>("q").push(1);
    const taken = await lanes.run("q", () => Promise.resolve(lanes.queue<number>("q").splice(0)));
    expect(taken).toEqual([1]);
    lanes.queue<number>("q").push(2);
    await lanes.run("q", () => Promise.resolve());
    await delay(0);
    expect(lanes.queue<number>("q")).toEqual([]);
  });
});
