/**
 * The feed's files in one zip, at its root (the reference's file rules),
 * deflated by fflate. Every entry carries the same time, the feed's first
 * day, so the same files make the same bytes and an ETag of the inputs
 * names them.
 */
import { type Zippable, zipSync } from "fflate";

export function zipFeed(files: Record<string, string>, date: string): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const mtime = new Date(`${date}T00:00:00Z`);
  const entries: Zippable = {};
  for (const name of Object.keys(files).sort()) entries[name] = [encoder.encode(files[name]), { mtime }];
  // fflate answers a fresh buffer of its own (never shared memory), which Response takes as it is.
  return zipSync(entries, { level: 9 }) as Uint8Array<ArrayBuffer>;
}
