/**
 * The store every part of the app is given: a Deno KV database with what the
 * app needs around it, in one object instead of patched onto `Deno.Kv`.
 *
 * - Its writes (a commit, set, delete, enqueue) are tried again while SQLite
 *   answers busy (kv/busy_retry.ts: several isolates on one file) and, with a
 *   commit gate (serve.ts's isolates), take turns with the other isolates'
 *   (kv/commit_gate.ts).
 * - Its lanes run the writes of this isolate that meet on the same keys one
 *   after another (kv/lanes.ts).
 * - Its reused reads keep short-lived answers and drop them on a write, here
 *   and in the other isolates (kv/recent_reads.ts).
 *
 * It reads and writes as Deno.Kv does (it implements it), so the kv/ modules
 * call it like the database itself. kv/open.ts opens one (a file, memory, a
 * KV Connect URL or the managed KV).
 */
import { whileBusy } from "./busy_retry.ts";
import type { CommitGate } from "./commit_gate.ts";
import { Lanes } from "./lanes.ts";
import { ReusedReads } from "./recent_reads.ts";

export class Store implements Deno.Kv {
  readonly lanes: Lanes = new Lanes();
  readonly reads: ReusedReads = new ReusedReads();
  readonly #kv: Deno.Kv;
  readonly #gate: CommitGate | undefined;

  /** `gate`: only when the isolates of one process write one file (serve.ts). */
  constructor(kv: Deno.Kv, { gate }: { gate?: CommitGate } = {}) {
    this.#kv = kv;
    this.#gate = gate;
  }

  /** `write()`, tried again while SQLite answers busy, through the gate when there is one. */
  #write<T>(write: () => Promise<T>): Promise<T> {
    return this.#gate ? this.#gate.run(() => whileBusy(write)) : whileBusy(write);
  }

  get<T = unknown>(
    key: Deno.KvKey,
    options?: { consistency?: Deno.KvConsistencyLevel },
  ): Promise<Deno.KvEntryMaybe<T>> {
    return this.#kv.get<T>(key, options);
  }

  getMany<T extends readonly unknown[]>(
    keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
    options?: { consistency?: Deno.KvConsistencyLevel },
  ): Promise<{ [K in keyof T]: Deno.KvEntryMaybe<T[K]> }> {
    return this.#kv.getMany<T>(keys, options);
  }

  list<T = unknown>(selector: Deno.KvListSelector, options?: Deno.KvListOptions): Deno.KvListIterator<T> {
    return this.#kv.list<T>(selector, options);
  }

  watch<T extends readonly unknown[]>(
    keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
    options?: { raw?: boolean },
  ): ReadableStream<{ [K in keyof T]: Deno.KvEntryMaybe<T[K]> }> {
    return this.#kv.watch<T>(keys, options);
  }

  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): Promise<Deno.KvCommitResult> {
    return this.#write(() => this.#kv.set(key, value, options));
  }

  delete(key: Deno.KvKey): Promise<void> {
    return this.#write(() => this.#kv.delete(key));
  }

  enqueue(
    value: unknown,
    options?: { delay?: number; keysIfUndelivered?: Deno.KvKey[]; backoffSchedule?: number[] },
  ): Promise<Deno.KvCommitResult> {
    return this.#write(() => this.#kv.enqueue(value, options));
  }

  // deno-lint-ignore no-explicit-any
  listenQueue(handler: (value: any) => Promise<void> | void): Promise<void> {
    return this.#kv.listenQueue(handler);
  }

  /** An atomic operation whose commit is a write of this store (tried again while busy, gated). */
  atomic(): Deno.AtomicOperation {
    return new StoreAtomic(this.#kv.atomic(), (commit) => this.#write(commit));
  }

  commitVersionstamp(): symbol {
    return this.#kv.commitVersionstamp();
  }

  close(): void {
    this.#kv.close();
  }

  [Symbol.dispose](): void {
    this.close();
  }
}

/** Deno's atomic operation, its commit run by the store. */
class StoreAtomic implements Deno.AtomicOperation {
  readonly #op: Deno.AtomicOperation;
  readonly #write: <T>(commit: () => Promise<T>) => Promise<T>;

  constructor(op: Deno.AtomicOperation, write: <T>(commit: () => Promise<T>) => Promise<T>) {
    this.#op = op;
    this.#write = write;
  }

  check(...checks: Deno.AtomicCheck[]): this {
    this.#op.check(...checks);
    return this;
  }

  mutate(...mutations: Deno.KvMutation[]): this {
    this.#op.mutate(...mutations);
    return this;
  }

  sum(key: Deno.KvKey, n: bigint): this {
    this.#op.sum(key, n);
    return this;
  }

  min(key: Deno.KvKey, n: bigint): this {
    this.#op.min(key, n);
    return this;
  }

  max(key: Deno.KvKey, n: bigint): this {
    this.#op.max(key, n);
    return this;
  }

  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): this {
    this.#op.set(key, value, options);
    return this;
  }

  delete(key: Deno.KvKey): this {
    this.#op.delete(key);
    return this;
  }

  enqueue(
    value: unknown,
    options?: { delay?: number; keysIfUndelivered?: Deno.KvKey[]; backoffSchedule?: number[] },
  ): this {
    this.#op.enqueue(value, options);
    return this;
  }

  commit(): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
    return this.#write(() => this.#op.commit());
  }
}
