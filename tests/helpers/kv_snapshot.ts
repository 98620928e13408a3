/**
 * A byte-level picture of a whole Deno KV store, to prove a refused request
 * wrote nothing: every key, its versionstamp and its value
 * as V8 serializes it (KvU64 by its number, which V8 cannot serialize).
 */
import { serialize } from "node:v8";
import type { Store } from "../../kv/store.ts";

/** Key text → "versionstamp value-bytes". */
export type KvSnapshot = Map<string, string>;

/** A key as text that tells parts of different types apart ("1" and 1). */
export function keyText(key: Deno.KvKey): string {
  return key.map((part) => {
    if (typeof part === "string") return JSON.stringify(part);
    if (typeof part === "bigint") return `${part}n`;
    if (part instanceof Uint8Array) return `bytes(${[...part].map((b) => b.toString(16).padStart(2, "0")).join("")})`;
    return String(part);
  }).join(",");
}

function valueBytes(value: unknown): string {
  if (value instanceof Deno.KvU64) return `u64:${value.value}`;
  return serialize(value).toString("base64");
}

/**
 * Serialized values per store, by key and versionstamp: a stored version
 * never changes (any write gives the key a new versionstamp), so each version
 * is serialized once, which keeps a snapshot of a few hundred entries cheap.
 */
const serialized = new WeakMap<Store, Map<string, string>>();

export async function snapshotKv(kv: Store): Promise<KvSnapshot> {
  const seen = serialized.get(kv) ?? new Map<string, string>();
  serialized.set(kv, seen);
  const out: KvSnapshot = new Map();
  for await (const e of kv.list({ prefix: [] })) {
    const key = keyText(e.key);
    const version = `${key}@${e.versionstamp}`;
    let bytes = seen.get(version);
    if (bytes === undefined) seen.set(version, bytes = valueBytes(e.value));
    out.set(key, `${e.versionstamp} ${bytes}`);
  }
  return out;
}

/** Keys added, removed or rewritten (a new versionstamp counts, even for the same value) between two snapshots. */
export function changedKeys(before: KvSnapshot, after: KvSnapshot): string[] {
  const out: string[] = [];
  for (const [key, entry] of after) if (before.get(key) !== entry) out.push(key);
  for (const key of before.keys()) if (!after.has(key)) out.push(key);
  return out;
}
