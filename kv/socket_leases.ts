/**
 * Open live sockets per session, per user and per client address, counted in
 * KV so a bound holds for every isolate and process on the store at once
 * (`deno serve --parallel` runs one isolate per core; Deno Deploy many).
 *
 * Each isolate is a holder: it keeps its own count per owner (session, user,
 * address) in memory and writes it to ["socket_counts", kind, owner, holder].
 * A count is counted only while its holder's key ["socket_holders", holder]
 * says it is alive; every commit of the holder renews that key, and a holder
 * with sockets commits at least every BEAT_MS. So renewal is one small commit
 * per isolate per interval, whatever the number of sockets, and the sockets
 * of a process that crashed stop counting HOLDER_TTL_MS after its last beat
 * (a local store's next start forgets them at once: forgetSocketHolders).
 *
 * A socket is added by listing the owners' counts (one entry per holder) and
 * committing its own counts with a check of each owner's head, which that
 * commit moves: of two isolates adding at once past a bound, one commit
 * fails, reads again and sees the other's socket. The sockets an isolate
 * admits at once share one read and one commit (a turn); a closed socket's
 * place is written back in the next turn, at once.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry, RETRY } from "./retry.ts";

/** A holder not renewed for this long has stopped (its process crashed or froze): its sockets stop counting. */
export const HOLDER_TTL_MS = 20_000;
/** How often a holder with sockets renews itself (when no other commit did). */
export const BEAT_MS = 5_000;
/** Counts and heads outlive a stopped holder's leftovers this long at most; a live holder rewrites its own. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const REWRITE_AFTER_MS = 6 * 60 * 60 * 1000;
/** A commit checks at most 100 keys: a turn adds sockets for at most this many owners. */
const TURN_OWNERS = 90;
/** Other writes of one turn (own counts written back, stopped holders' removed); KV takes 1000, 80 KiB of keys. */
const TURN_WRITES = 400;

export type SocketCountKind = "session" | "user" | "address";

/** An owner's count: `kind` and who. */
export interface Owner {
  kind: SocketCountKind;
  owner: string;
}

/** Owners to add one socket to, each under its bound (the count before the socket must be below it). */
export interface Claim {
  owners: Owner[];
  bounds: number[];
}

/** Answers a counted socket's release (call it once the socket is gone; twice counts once). */
export type Release = () => void;

export interface Taken {
  /** Which of the claims was counted (the first that fitted), or -1 when none did. */
  claim: number;
  /** Frees what was counted; null when nothing was. */
  release: Release | null;
}

interface Waiting {
  claims: Claim[];
  done: PromiseWithResolvers<Taken>;
}

const idOf = ({ kind, owner }: Owner) => `${kind}\u0000${owner}`;

export class SocketLeases {
  /** This holder. */
  readonly id = crypto.randomUUID();
  /** Sockets this holder counts, by owner id. */
  #own = new Map<string, { owner: Owner; n: number }>();
  /** Owners whose count in KV may differ from #own (a socket closed, a count to rewrite). */
  #dirty = new Map<string, Owner>();
  /** When each own count was last written, so a long-lived one is rewritten before KV forgets it. */
  #written = new Map<string, number>();
  #waiting: Waiting[] = [];
  #running: Promise<void> | null = null;
  #beat: ReturnType<typeof setInterval> | undefined;
  #beatDue = false;
  #stopped = false;
  /** When this holder was last renewed (by any commit of its own). */
  #renewedAt = -Infinity;

  constructor(
    private readonly kv: Store,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Counts one socket against the first of `claims` whose every owner is under
   * its bound, or none. Throws when KV fails or is too busy (nothing counted).
   */
  take(claims: Claim[]): Promise<Taken> {
    if (this.#stopped) return Promise.resolve({ claim: -1, release: null });
    const waiting: Waiting = { claims, done: Promise.withResolvers() };
    this.#waiting.push(waiting);
    this.#kick();
    return waiting.done.promise;
  }

  /** Resolves once every socket taken or released so far is written. */
  async settle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops renewing and counting (the store is closing): a socket still waiting is counted nowhere. */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#beat);
    for (const w of this.#waiting.splice(0)) w.done.resolve({ claim: -1, release: null });
  }

  /**
   * Writes what is pending, stops, and removes this holder: every socket it
   * still counts (a server stopping, whose sockets are closing) stops counting
   * at once instead of HOLDER_TTL_MS later.
   */
  async retire(): Promise<void> {
    await this.settle();
    this.stop();
    await this.kv.delete(keys.socketHolder(this.id));
  }

  #kick(): void {
    if (this.#running || this.#stopped) return;
    this.#running = this.#loop().then((failed) => {
      this.#running = null;
      // Asked for while the loop was ending (a caller resumed by this turn took again at once).
      if (this.#waiting.length > 0 || (this.#dirty.size > 0 && !failed)) this.#kick();
    });
  }

  /** Turns until nothing waits; answers whether it stopped on a failure (then the next beat writes again). */
  async #loop(): Promise<boolean> {
    let failed = false;
    while (!this.#stopped && (this.#waiting.length > 0 || this.#dirty.size > 0 || this.#beatDue)) {
      this.#beatDue = false;
      const sockets = this.#waiting.length > 0;
      try {
        await this.#turn();
      } catch (error) {
        this.onError(error);
        // Sockets waiting are tried in turn (each fails fast while KV is down); counts are written on the next beat.
        failed = true;
        if (!sockets) break;
      }
    }
    this.#keepBeating();
    return failed;
  }

  #keepBeating(): void {
    const holding = this.#own.size > 0 || this.#dirty.size > 0;
    if (holding && this.#beat === undefined && !this.#stopped) {
      this.#beat = setInterval(() => {
        this.#beatDue = true;
        const stale = this.now() - REWRITE_AFTER_MS;
        for (const [id, at] of this.#written) {
          const own = this.#own.get(id);
          if (own && at < stale) this.#dirty.set(id, own.owner);
        }
        this.#kick();
      }, BEAT_MS);
      Deno.unrefTimer(this.#beat);
    } else if (!holding && this.#beat !== undefined) {
      clearInterval(this.#beat);
      this.#beat = undefined;
    }
  }

  /** The sockets waiting whose owners fit in one commit's checks. */
  #nextTurn(): Waiting[] {
    const owners = new Set<string>();
    let end = 0;
    for (; end < this.#waiting.length; end++) {
      const mine = this.#waiting[end].claims.flatMap((c) => c.owners.map(idOf)).filter((id) => !owners.has(id));
      if (end > 0 && owners.size + mine.length > TURN_OWNERS) break;
      for (const id of mine) owners.add(id);
    }
    return this.#waiting.splice(0, end);
  }

  async #turn(): Promise<void> {
    const turn = this.#nextTurn();
    const owners = new Map<string, Owner>();
    for (const w of turn) for (const c of w.claims) for (const o of c.owners) owners.set(idOf(o), o);
    try {
      const { answers, wrote } = await commitWithRetry("count the open sockets", () => this.#attempt(turn, owners));
      for (const [id, { owner, by }] of wrote) {
        const own = this.#own.get(id);
        const n = (own?.n ?? 0) + by;
        if (n > 0) this.#own.set(id, { owner, n });
        else this.#own.delete(id);
      }
      for (const [id, { value }] of wrote) {
        // A socket closed while this turn committed: its owner is written again next turn.
        if ((this.#own.get(id)?.n ?? 0) === value) this.#dirty.delete(id);
        if (value > 0) this.#written.set(id, this.now());
        else this.#written.delete(id);
      }
      turn.forEach((w, i) => w.done.resolve(this.#taken(w.claims, answers[i])));
    } catch (error) {
      for (const w of turn) w.done.reject(error);
      throw error;
    }
  }

  /** One read and one commit of the turn: which claim each socket gets, and what it wrote. */
  async #attempt(turn: Waiting[], owners: Map<string, Owner>) {
    const now = this.now();
    const ids = [...owners.keys()];
    const [heads, listed] = await Promise.all([
      readMany<unknown>(this.kv, ids.map((id) => keys.socketCountHead(owners.get(id)!.kind, owners.get(id)!.owner))),
      Promise.all(ids.map((id) => listCounts(this.kv, owners.get(id)!))),
    ]);
    const others = [...new Set(listed.flat().map((e) => e.holder).filter((h) => h !== this.id))];
    const alive = await aliveHolders(this.kv, others, now);
    const counts = new Map<string, number>();
    const stale: Deno.KvKey[] = [];
    ids.forEach((id, i) => {
      let n = this.#own.get(id)?.n ?? 0;
      for (const e of listed[i]) {
        if (e.holder === this.id) continue;
        if (alive.has(e.holder)) n += e.n;
        else stale.push(e.key);
      }
      counts.set(id, n);
    });
    const added = new Map<string, number>();
    const answers = turn.map(({ claims }) =>
      claims.findIndex(({ owners, bounds }) => {
        const fits = owners.every((o, i) => counts.get(idOf(o))! + (added.get(idOf(o)) ?? 0) < bounds[i]);
        if (fits) { for (const o of owners) added.set(idOf(o), (added.get(idOf(o)) ?? 0) + 1); }
        return fits;
      })
    );
    const op = this.kv.atomic();
    for (const head of heads) op.check(head);
    const wrote = new Map<string, { owner: Owner; by: number; value: number }>();
    for (const [id, by] of added) {
      const owner = owners.get(id)!;
      op.set(keys.socketCountHead(owner.kind, owner.owner), this.id, { expireIn: KEEP_MS });
      wrote.set(id, { owner, by, value: (this.#own.get(id)?.n ?? 0) + by });
    }
    for (const [id, owner] of this.#dirty) {
      if (wrote.size >= TURN_WRITES) break;
      if (!wrote.has(id)) wrote.set(id, { owner, by: 0, value: this.#own.get(id)?.n ?? 0 });
    }
    for (const { owner, value } of wrote.values()) {
      const key = keys.socketCount(owner.kind, owner.owner, this.id);
      if (value > 0) op.set(key, value, { expireIn: KEEP_MS });
      else op.delete(key);
    }
    // Sockets all refused, nothing to write back, renewed lately: a refusal commits nothing.
    if (turn.length > 0 && wrote.size === 0 && stale.length === 0 && now - this.#renewedAt < BEAT_MS) {
      return { answers, wrote };
    }
    for (const key of stale.slice(0, TURN_WRITES - wrote.size)) op.delete(key);
    op.set(keys.socketHolder(this.id), { expiresAt: now + HOLDER_TTL_MS }, { expireIn: HOLDER_TTL_MS });
    const done = await committed(op, { answers, wrote });
    if (done !== RETRY) this.#renewedAt = now;
    return done;
  }

  #taken(claims: Claim[], claim: number): Taken {
    if (claim < 0) return { claim, release: null };
    let released = false;
    return {
      claim,
      release: () => {
        if (released) return;
        released = true;
        for (const owner of claims[claim].owners) {
          const id = idOf(owner);
          const own = this.#own.get(id);
          if (!own) continue;
          if (own.n > 1) own.n--;
          else this.#own.delete(id);
          this.#dirty.set(id, owner);
        }
        this.#kick();
      },
    };
  }
}

/** getMany reads at most this many keys. */
const READ_AT_ONCE = 10;

async function readMany<T>(kv: Store, list: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<T>[]> {
  const reads = [];
  for (let i = 0; i < list.length; i += READ_AT_ONCE) reads.push(kv.getMany<T[]>(list.slice(i, i + READ_AT_ONCE)));
  return (await Promise.all(reads)).flat();
}

async function listCounts(kv: Store, { kind, owner }: Owner) {
  const out: { key: Deno.KvKey; holder: string; n: number }[] = [];
  for await (const e of kv.list<number>({ prefix: keys.socketCounts(kind, owner) })) {
    out.push({ key: e.key, holder: String(e.key[3]), n: e.value });
  }
  return out;
}

/** The holders among `ids` renewed within HOLDER_TTL_MS. */
async function aliveHolders(kv: Store, ids: string[], now: number): Promise<Set<string>> {
  const entries = await readMany<{ expiresAt: number }>(kv, ids.map((id) => keys.socketHolder(id)));
  return new Set(ids.filter((_, i) => (entries[i].value?.expiresAt ?? 0) > now));
}

/**
 * Forgets every holder: for a local store at start, when no other process can
 * hold sockets on it (kv/lock.ts), so the sockets of a process that crashed
 * stop counting at once instead of HOLDER_TTL_MS later. Never on a shared store.
 */
export async function forgetSocketHolders(kv: Store): Promise<number> {
  const found: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: keys.socketHolders() })) found.push(e.key);
  for (let i = 0; i < found.length; i += 500) {
    const op = kv.atomic();
    for (const key of found.slice(i, i + 500)) op.delete(key);
    await op.commit();
  }
  return found.length;
}
