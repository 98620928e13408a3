/**
 * MAP_PMTILES_PATH: a PMTiles archive (a region's streets in one file) served
 * from this server's own origin at PMTILES_ROUTE, so the CSP stays 'self' and
 * no third-party tile server is needed. Browsers read it with HTTP
 * range requests (the `pmtiles` package in the map chunk): 206 with
 * Content-Range, Accept-Ranges, a strong ETag for If-Range, 416 for a range
 * past the end. The file is opened per request, so an operator may replace it
 * (a new extract) while the server runs; the ETag changes with it.
 */
import { Hono } from "hono";
import { ConfigError } from "../lib/config.ts";
import { PMTILES_ROUTE } from "../lib/map_style.ts";
import { byteRange } from "./byte_range.ts";

const MAGIC = "PMTiles";
const CHUNK = 64 * 1024;

/** Stops start-up, naming the variable, when the file cannot be read or is not a PMTiles v3 archive. */
export async function checkPmtilesFile(path: string): Promise<void> {
  let head: Uint8Array;
  try {
    using file = await Deno.open(path, { read: true });
    head = new Uint8Array(8);
    const n = await file.read(head);
    if (n !== 8) throw new Error("too short");
  } catch (err) {
    const why = err instanceof Deno.errors.NotFound ? "does not exist" : "cannot be read";
    throw new ConfigError("MAP_PMTILES_PATH", `${why} (got "${path}")`);
  }
  if (new TextDecoder().decode(head.subarray(0, 7)) !== MAGIC || head[7] !== 3) {
    throw new ConfigError("MAP_PMTILES_PATH", `must be a PMTiles version 3 archive (got "${path}")`);
  }
}

/** `end - start + 1` bytes of an open file from `start`, closed when read or when the client goes. */
function slice(file: Deno.FsFile, start: number, end: number): ReadableStream<Uint8Array> {
  let left = end - start + 1;
  let sought = false;
  return new ReadableStream({
    async pull(controller) {
      try {
        if (!sought) {
          await file.seek(start, Deno.SeekMode.Start);
          sought = true;
        }
        const buf = new Uint8Array(Math.min(CHUNK, left));
        const n = await file.read(buf);
        if (n === null || n === 0) throw new Error("the file ended early");
        left -= n;
        controller.enqueue(buf.subarray(0, n));
        if (left <= 0) {
          file.close();
          controller.close();
        }
      } catch (err) {
        file.close();
        controller.error(err);
      }
    },
    cancel() {
      file.close();
    },
  }, { highWaterMark: 0 });
}

/** A strong validator that changes when the file does (size and modification time). */
function etagOf(info: Deno.FileInfo): string {
  return `"${info.size.toString(16)}-${(info.mtime?.getTime() ?? 0).toString(16)}"`;
}

/** If-Range: the range holds only while the client's validator is still the file's (strong comparison). */
function rangeStillValid(ifRange: string | undefined, etag: string, lastModified: string | null): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag;
  return lastModified !== null && value === lastModified;
}

/** GET (and HEAD) PMTILES_ROUTE: the file, or a part of it; 404 when MAP_PMTILES_PATH is unset. */
export function pmtilesRoutes(path: string | null): Hono {
  const app = new Hono();
  app.get(PMTILES_ROUTE, async (c) => {
    if (!path) return c.notFound();
    let file: Deno.FsFile;
    let info: Deno.FileInfo;
    try {
      file = await Deno.open(path, { read: true });
      info = await file.stat();
    } catch {
      // Checked at start-up (checkPmtilesFile): gone since, so say so rather than fail.
      return c.json({ error: "The map tiles are not available right now." }, 503);
    }
    const etag = etagOf(info);
    const lastModified = info.mtime ? info.mtime.toUTCString() : null;
    const headers: Record<string, string> = {
      "content-type": "application/octet-stream",
      "accept-ranges": "bytes",
      "cache-control": "public, max-age=3600",
      etag,
      ...(lastModified ? { "last-modified": lastModified } : {}),
    };
    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
      file.close();
      return new Response(null, { status: 304, headers });
    }
    const wanted = rangeStillValid(c.req.header("if-range"), etag, lastModified)
      ? byteRange(c.req.header("range"), info.size)
      : { kind: "whole" as const };
    if (wanted.kind === "unsatisfiable") {
      file.close();
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${info.size}` } });
    }
    const [start, end] = wanted.kind === "part" ? [wanted.start, wanted.end] : [0, info.size - 1];
    const length = end - start + 1;
    const body = c.req.method === "HEAD" || length <= 0 ? (file.close(), null) : slice(file, start, end);
    if (wanted.kind === "whole") {
      return new Response(body, { status: 200, headers: { ...headers, "content-length": String(info.size) } });
    }
    return new Response(body, {
      status: 206,
      headers: { ...headers, "content-length": String(length), "content-range": `bytes ${start}-${end}/${info.size}` },
    });
  });
  return app;
}
