/**
 * The rules every generated bad request is held to, and
 * the arena that runs them against one real app:
 *
 * - never a 5xx;
 * - a refusal (4xx) answers JSON `{ "error": "<text>" }`;
 * - a refusal leaves the KV store byte-for-byte as it was (every key, value
 *   and versionstamp), except the keys a target declares it may write when
 *   refusing (a wrong sign-in code counts a failure; docs/api.md "Bad input").
 *
 * One app serves a whole property; it is rebuilt only after a request that
 * was accepted changed the store, so the next request meets the same world.
 */
import { expect } from "vitest";
import fc from "fast-check";
import type { BodySpec } from "./arbitraries.ts";
import { changedKeys, type KvSnapshot, snapshotKv } from "./kv_snapshot.ts";
import type { makeApp } from "./app.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

export interface AttackRequest {
  method: string;
  path: string;
  contentType?: string | null;
  authorization?: string | null;
  body?: BodySpec;
  headers?: Record<string, string>;
  /** The client address the app sees (a new one keeps per-address limits out of the way). */
  address?: string;
  /** False for a path that may resolve to a page (a 404 page is HTML): its refusals need not be JSON. */
  jsonRefusals?: boolean;
}

/** What the last request was answered, for a property that checks an accepted answer's content too. */
export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

/** Which keys a refusal with `status` may write (KV keys as `keyText` writes them). */
export type MayWrite = (key: string, status: number) => boolean;
export const WRITES_NOTHING: MayWrite = () => false;

let sent = 0;
/** Generated requests sent by this test file so far. */
export function sentCount(): number {
  return sent;
}

export function requestInit(r: AttackRequest): RequestInit {
  const headers = new Headers(r.headers);
  if (r.contentType != null) headers.set("content-type", r.contentType);
  if (r.authorization != null) headers.set("authorization", r.authorization);
  const body = r.body?.kind === "json" ? r.body.text : r.body?.kind === "bytes" ? r.body.bytes : undefined;
  return { method: r.method, headers, body: r.method === "GET" || r.method === "HEAD" ? undefined : body };
}

function describe(r: AttackRequest, status: number, text: string): string {
  const body = r.body?.kind === "json"
    ? r.body.text.slice(0, 300)
    : r.body?.kind === "bytes"
    ? `bytes(${r.body.bytes.length})`
    : "";
  return `${r.method} ${r.path.slice(0, 300)} [${r.contentType ?? "no type"}] ${body}\n→ ${status} ${
    text.slice(0, 300)
  }`;
}

/**
 * Sends one request against `before` (the store as it is now) and checks the
 * rules above. Answers the status and the store afterwards.
 */
export async function sendAndCheck(
  t: TestApp,
  before: KvSnapshot,
  r: AttackRequest,
  mayWrite: MayWrite = WRITES_NOTHING,
): Promise<{ status: number; after: KvSnapshot; changed: boolean; answer: Answer }> {
  sent++;
  const res = await t.request(r.path, requestInit(r), r.address);
  const text = await res.text();
  const what = () => describe(r, res.status, text);
  expect(res.status, what()).toBeLessThan(500);
  const after = await snapshotKv(t.kv);
  const changed = changedKeys(before, after);
  if (res.status >= 400 && r.jsonRefusals !== false) {
    expect(res.headers.get("content-type") ?? "", what()).toMatch(/^application\/json/);
    let body: unknown;
    expect(() => body = JSON.parse(text), what()).not.toThrow();
    expect(body, what()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect((body as { error: string }).error.length, what()).toBeGreaterThan(0);
  }
  if (res.status >= 400) {
    expect(changed.filter((key) => !mayWrite(key, res.status)), `written by a refusal: ${what()}`).toEqual([]);
  }
  const answer = { status: res.status, contentType: res.headers.get("content-type"), text };
  return { status: res.status, after, changed: changed.length > 0, answer };
}

/**
 * What to do after an accepted request changed the world: keep it (an
 * inquiry recorded, a driver's location moved), put it back with a few calls
 * (a new ride canceled), or build a new one.
 */
export type AfterWrite<W> = "keep" | "rebuild" | ((w: W) => Promise<void>);

const MAX_ENTRIES = 120;

/** A real app with its fixtures, shared by one property's requests. */
export class Arena<W extends { t: TestApp }> {
  #world: W | null = null;
  #snapshot: KvSnapshot = new Map();
  builds = 0;
  heals = 0;
  /** The answer to the last request sent. */
  last: Answer | null = null;

  constructor(private readonly build: () => Promise<W>, private readonly afterWrite: AfterWrite<W> = "rebuild") {}

  async world(): Promise<W> {
    if (!this.#world) {
      this.#world = await this.build();
      this.#snapshot = await snapshotKv(this.#world.t.kv);
      this.builds++;
    }
    return this.#world;
  }

  /** Sends the request `make` builds from the current world, checks it, and answers its status. */
  async send(make: (w: W) => AttackRequest, mayWrite: MayWrite = WRITES_NOTHING): Promise<number> {
    const w = await this.world();
    const { status, after, changed, answer } = await sendAndCheck(w.t, this.#snapshot, make(w), mayWrite);
    this.#snapshot = after;
    this.last = answer;
    if (!changed || status >= 400) return status;
    // A store that keeps growing makes every snapshot slower: start again past a few hundred entries.
    if (this.afterWrite === "rebuild" || after.size > MAX_ENTRIES) {
      this.close();
    } else if (this.afterWrite !== "keep") {
      await this.afterWrite(w);
      this.#snapshot = await snapshotKv(w.t.kv);
      this.heals++;
    }
    return status;
  }

  close(): void {
    this.#world?.t.kv.close();
    this.#world = null;
  }
}

/**
 * The seed of this run: BAD_INPUT_SEED when set (to replay a failure), else a
 * fresh one. fast-check names it in every failure, with the shrunk request.
 */
export const SEED = Number(Deno.env.get("BAD_INPUT_SEED") ?? Date.now() % 2 ** 31);

/** Runs `check` on `runs` generated values with the file's seed; answers how many requests it sent. */
export async function attack<S>(
  arb: fc.Arbitrary<S>,
  runs: number,
  check: (value: S) => Promise<unknown>,
): Promise<number> {
  const start = sentCount();
  await fc.assert(fc.asyncProperty(arb, async (value) => void await check(value)), {
    seed: SEED,
    numRuns: runs,
  });
  return sentCount() - start;
}
