/**
 * The isolates of one `deno serve --parallel` process (serve.ts)
 * talk over a BroadcastChannel, which Deno delivers between the isolates of
 * one process (not between processes). What they settle there:
 *
 * - Who starts the store. One isolate takes the store lock (kv/lock.ts: one
 *   server process per KV file; a second isolate of the same process is
 *   refused by the same lock). It runs the one-time work (migrations, the
 *   signing secret, the demo seed) and says "ready"; the others ask whether a
 *   holder of the lock is here, wait for "ready", and then serve. No holder
 *   answering: the lock is another process's, and the isolate stops.
 * - Who ends the process. Deno.exit in any isolate ends them all, so only the
 *   holder of the lock exits: after its own drain and the others' ("stopped").
 * - What to drop. A write's drop of reused reads (kv/forget_notes.ts) goes to
 *   every other isolate, which drops its own copies (kv/forget_apply.ts) and
 *   answers "forgot". A message arrives a moment after it is sent, so a
 *   client told "done" could otherwise reach another isolate before the note
 *   did: serve.ts holds a write's answer until every other isolate has
 *   answered its notes (`settled`), at most FORGET_WAIT_MS.
 */
import type { ForgetNote } from "../kv/forget_notes.ts";

export interface Ready {
  /** The demo tenant, when this start created it (for the start-up lines). */
  demo: { code: string; name: string } | null;
}

type Message =
  | { type: "hello"; id: string; answer: boolean }
  | { type: "holder?" }
  | { type: "holder"; id: string }
  | { type: "ready"; ready: Ready }
  | { type: "stopped"; id: string; code: number }
  | { type: "stop" }
  | { type: "forget"; note: ForgetNote; from: string; seq: number }
  | { type: "forgot"; to: string; seq: number; id: string };

const CHANNEL = "hopper:isolates";

export class IsolateGroup {
  /** This isolate's short random id (GET /healthz names it). */
  readonly id = crypto.randomUUID().slice(0, 8);
  #channel = new BroadcastChannel(CHANNEL);
  #peers = new Set<string>();
  #stopped = new Map<string, number>();
  #holder: string | null = null;
  #holding = false;
  #ready: Ready | null = null;
  #waiters = new Set<() => void>();
  #forget: ((note: ForgetNote) => void) | null = null;
  #noteSeq = 0;
  /** Notes sent and not yet answered: their number, and the isolates still to answer. */
  #unanswered = new Map<number, Set<string>>();
  #closed = false;
  #stopping = false;
  #onStopAsked: (() => void) | null = null;

  constructor() {
    this.#channel.onmessage = (e: MessageEvent<Message>) => this.#heard(e.data);
    this.#post({ type: "hello", id: this.id, answer: true });
  }

  /** The other isolates heard from so far. */
  get peers(): number {
    return this.#peers.size;
  }

  /** This isolate holds the store lock: it says so now, and "ready" once `ready()` is called. */
  hold(): void {
    this.#holding = true;
    this.#post({ type: "holder", id: this.id });
  }

  /** The one-time start work is done (only the holder calls this). */
  ready(ready: Ready): void {
    this.#ready = ready;
    this.#post({ type: "ready", ready });
  }

  /** Whether an isolate of this process holds the store lock: asks, and waits up to `waitMs` for the answer. */
  holderHere(waitMs: number): Promise<boolean> {
    this.#post({ type: "holder?" });
    return this.#until(() => this.#holder !== null, waitMs);
  }

  /** What the holder announced once its start work was done (waits as long as that takes). */
  async whenReady(): Promise<Ready> {
    await this.#until(() => this.#ready !== null, Infinity);
    return this.#ready!;
  }

  /**
   * This isolate heard a stop signal: it asks the others to stop too, now and again whenever one says hello
   * later (an isolate still loading when the signal came missed it, and the holder would wait for it in vain).
   */
  stopping(): void {
    this.#stopping = true;
    this.#post({ type: "stop" });
  }

  /** Calls `stop` when another isolate asks this one to stop (see `stopping`). */
  onStopAsked(stop: () => void): void {
    this.#onStopAsked = stop;
  }

  /** This isolate has drained and closed its store with exit `code`. */
  stopped(code: number): void {
    this.#post({ type: "stopped", id: this.id, code });
  }

  /** Waits until every other isolate heard from has stopped, or `waitMs`; answers the exit code (1: one was late or failed). */
  async othersStopped(waitMs: number): Promise<number> {
    const all = await this.#until(() => [...this.#peers].every((id) => this.#stopped.has(id)), waitMs);
    return all && [...this.#stopped.values()].every((code) => code === 0) ? 0 : 1;
  }

  /** Carries drops of reused reads both ways: `drop` does the ones the other isolates note. Answers the post. */
  shareForgets(drop: (note: ForgetNote) => void): (note: ForgetNote) => void {
    this.#forget = drop;
    return (note) => {
      const seq = ++this.#noteSeq;
      if (this.#peers.size > 0) this.#unanswered.set(seq, new Set(this.#peers));
      this.#post({ type: "forget", note, from: this.id, seq });
    };
  }

  /**
   * Resolves once every other isolate has dropped what the notes sent so far named (they answer "forgot"), or after
   * `waitMs`: an isolate too busy to answer by then keeps its copy at most its usual window.
   */
  async settled(waitMs: number): Promise<void> {
    const last = this.#noteSeq;
    const open = () => [...this.#unanswered.keys()].some((seq) => seq <= last);
    if (!open()) return;
    if (!await this.#until(() => !open(), waitMs)) {
      for (const seq of [...this.#unanswered.keys()]) if (seq <= last) this.#unanswered.delete(seq);
    }
  }

  close(): void {
    this.#closed = true;
    this.#channel.close();
  }

  #post(message: Message): void {
    if (!this.#closed) this.#channel.postMessage(message);
  }

  #heard(message: Message): void {
    switch (message.type) {
      case "hello":
        if (!this.#peers.has(message.id)) {
          this.#peers.add(message.id);
          if (message.answer) this.#post({ type: "hello", id: this.id, answer: false });
          if (this.#stopping) this.#post({ type: "stop" });
        }
        break;
      case "stop":
        this.#onStopAsked?.();
        return; // changes nothing anyone waits for
      case "holder?":
        if (this.#holding) this.#post({ type: "holder", id: this.id });
        if (this.#ready) this.#post({ type: "ready", ready: this.#ready });
        break;
      case "holder":
        this.#holder = message.id;
        break;
      case "ready":
        this.#ready = message.ready;
        break;
      case "stopped":
        this.#peers.add(message.id);
        this.#stopped.set(message.id, message.code);
        break;
      case "forget":
        this.#forget?.(message.note);
        this.#post({ type: "forgot", to: message.from, seq: message.seq, id: this.id });
        return; // changes nothing anyone waits for
      case "forgot": {
        const waiting = message.to === this.id ? this.#unanswered.get(message.seq) : undefined;
        if (!waiting) return;
        waiting.delete(message.id);
        if (waiting.size === 0) this.#unanswered.delete(message.seq);
        break;
      }
    }
    for (const check of this.#waiters) check();
  }

  /** Resolves true once `done()` holds (checked after each message), false after `waitMs`. */
  #until(done: () => boolean, waitMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!done()) return;
        finish(true);
      };
      const timer = Number.isFinite(waitMs) ? setTimeout(() => finish(false), waitMs) : undefined;
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(value);
      };
      this.#waiters.add(check);
    });
  }
}
