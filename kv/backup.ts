/**
 * Backups and moves: every KV entry as one JSON line,
 * `{"key":[...],"value":...}`, with the types JSON lacks (bigint, KvU64,
 * bytes, Date, Map, Set, undefined, NaN/±Infinity/-0) written as tagged
 * objects `{"$t": type, "v": ...}`, so an import rebuilds exactly what was
 * exported.
 *
 * A backup carries no secret and nothing that signs anyone in:
 * the prefixes in NOT_BACKED_UP are left out of an export and skipped by an
 * import (a backup written before this rule may hold them). People sign in
 * again after a restore.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function b64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function unb64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

export function encodeValue(value: unknown): Json {
  if (value === undefined) return { $t: "undefined" };
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") {
    if (Number.isFinite(value) && !Object.is(value, -0)) return value;
    return { $t: "number", v: Object.is(value, -0) ? "-0" : String(value) };
  }
  if (typeof value === "bigint") return { $t: "bigint", v: value.toString() };
  if (value instanceof Deno.KvU64) return { $t: "u64", v: value.value.toString() };
  if (value instanceof Uint8Array) return { $t: "bytes", v: b64(value) };
  if (value instanceof Date) return { $t: "date", v: value.toISOString() };
  if (value instanceof Map) return { $t: "map", v: [...value].map(([k, v]) => [encodeValue(k), encodeValue(v)]) };
  if (value instanceof Set) return { $t: "set", v: [...value].map(encodeValue) };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeValue(v);
    // A stored object that itself has a "$t" key is wrapped, so it cannot pass for a tag.
    return "$t" in out ? { $t: "object", v: out } : out;
  }
  throw new Error(`Cannot export a value of type ${typeof value}`);
}

export function decodeValue(json: Json): unknown {
  if (json === null || typeof json !== "object") return json;
  if (Array.isArray(json)) return json.map(decodeValue);
  if (typeof json.$t === "string") {
    const v = json.v;
    switch (json.$t) {
      case "undefined":
        return undefined;
      case "number":
        return Number(v);
      case "bigint":
        return BigInt(v as string);
      case "u64":
        return new Deno.KvU64(BigInt(v as string));
      case "bytes":
        return unb64(v as string);
      case "date":
        return new Date(v as string);
      case "map":
        return new Map((v as Json[][]).map(([k, x]) => [decodeValue(k), decodeValue(x)]));
      case "set":
        return new Set((v as Json[]).map(decodeValue));
      case "object":
        return Object.fromEntries(Object.entries(v as Record<string, Json>).map(([k, x]) => [k, decodeValue(x)]));
    }
    throw new Error(`Unknown tag "${json.$t}"`);
  }
  return Object.fromEntries(Object.entries(json).map(([k, x]) => [k, decodeValue(x)]));
}

/**
 * First key parts never written to or read from a backup: the signing secret
 * of old stores, sessions, sign-in codes and their challenges, sign-in
 * failure records, locks, known addresses and devices, rate-limit counters,
 * socket tickets and counts, the MessageSids of texts received.
 */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set([
  keys.session("x")[0],
  keys.userSessions("x")[0],
  keys.otp("x")[0],
  keys.oldAuthFailures()[0],
  keys.numberFailures("x")[0],
  keys.knownAddress("x", "y")[0],
  keys.lockedNumber("x")[0],
  keys.deviceKey("x", "y")[0],
  keys.rateWindow("x", "y", 0)[0],
  keys.wsTicket("x")[0],
  keys.twilioMessage("x")[0],
  keys.socketCounts("x", "y")[0],
  keys.socketCountHead("x", "y")[0],
  keys.socketHolders()[0],
  keys.migrationDone("x")[0],
]);

/** Whether an entry may be in a backup. */
export function backedUp(key: Deno.KvKey): boolean {
  if (key[0] === keys.meta("jwt_secret")[0] && key[1] === keys.meta("jwt_secret")[1]) return false;
  return !NOT_BACKED_UP.has(String(key[0]));
}

/** Writes every entry a backup keeps, one line each, in key order. Answers the count. */
export async function exportEntries(kv: Store, write: (line: string) => Promise<void> | void): Promise<number> {
  let count = 0;
  for await (const entry of kv.list({ prefix: keys.everything() })) {
    if (!backedUp(entry.key)) continue;
    await write(JSON.stringify({ key: encodeValue(entry.key), value: encodeValue(entry.value) }) + "\n");
    count++;
  }
  return count;
}

export async function isEmpty(kv: Store): Promise<boolean> {
  return (await kv.list({ prefix: keys.everything() }, { limit: 1 }).next()).done === true;
}

/**
 * Loads JSON lines into `kv`, up to 100 entries (or ~400 KB) per commit. Refuses a store that
 * already holds data unless `force`. Answers the count written.
 */
export async function importEntries(
  kv: Store,
  lines: AsyncIterable<string> | Iterable<string>,
  { force = false }: { force?: boolean } = {},
): Promise<number> {
  if (!force && !(await isEmpty(kv))) {
    throw new Error("The store is not empty: import into an empty one, or pass --force");
  }
  let op = kv.atomic();
  let pending = 0;
  let pendingBytes = 0;
  let count = 0;
  let lineNo = 0;
  const flush = async () => {
    if (pending === 0) return;
    if (!(await op.commit()).ok) throw new Error("A batch of entries failed to commit");
    op = kv.atomic();
    pending = 0;
    pendingBytes = 0;
  };
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === "") continue;
    let parsed: { key: Json; value: Json };
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(`Line ${lineNo} is not JSON`);
    }
    const key = decodeValue(parsed.key) as Deno.KvKey;
    if (!Array.isArray(key)) throw new Error(`Line ${lineNo} has no key`);
    if (!backedUp(key)) continue;
    op.set(key, decodeValue(parsed.value));
    pending++;
    pendingBytes += line.length;
    count++;
    // KV caps one commit's size: stay well under it even with photos (≤ 64 KiB each).
    if (pending >= 100 || pendingBytes >= 400_000) await flush();
  }
  await flush();
  return count;
}
