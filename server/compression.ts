/**
 * Compression for what the server holds in memory (bundles, rendered pages):
 * compressed once, then served as bytes. Brotli where the client takes it,
 * else gzip. JSON answers are compressed as they leave (`compressJson`).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";

export interface Encoded {
  identity: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg)/;
const MIN_BYTES = 512;

export function isCompressible(type: string): boolean {
  return COMPRESSIBLE.test(type);
}

/** Compresses `body` both ways; `quality` trades build time against size (bundles 11, pages 6). */
export function encodeAll(body: Uint8Array<ArrayBuffer>, quality = 6): Encoded {
  if (body.length < MIN_BYTES) return { identity: body };
  return {
    identity: body,
    br: new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } })),
    gzip: new Uint8Array(gzipSync(body, { level: 9 })),
  };
}

const ACCEPTS = {
  br: /(^|[\s,])br(?![\w-])(?!;\s*q=0(\.0*)?(,|$))/,
  gzip: /(^|[\s,])gzip(?![\w-])(?!;\s*q=0(\.0*)?(,|$))/,
};
/** What each Accept-Encoding value seen allows: browsers send a handful of distinct values, so it is read once. */
const accepted = new Map<string, { br: boolean; gzip: boolean }>();

function acceptedBy(acceptEncoding: string): { br: boolean; gzip: boolean } {
  let seen = accepted.get(acceptEncoding);
  if (!seen) {
    seen = { br: ACCEPTS.br.test(acceptEncoding), gzip: ACCEPTS.gzip.test(acceptEncoding) };
    if (accepted.size >= 256) accepted.clear();
    accepted.set(acceptEncoding, seen);
  }
  return seen;
}

/** The best encoding this client accepts that we have, or null for identity. */
export function pickEncoding(acceptEncoding: string | null | undefined, have: Encoded): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = acceptedBy(acceptEncoding);
  if (have.br && accepts.br) return "br";
  if (have.gzip && accepts.gzip) return "gzip";
  return null;
}

/** The response body and headers for one client. */
export function encodedBody(acceptEncoding: string | undefined, have: Encoded) {
  const encoding = pickEncoding(acceptEncoding, have);
  const body = encoding ? have[encoding]! : have.identity;
  const headers: Record<string, string> = { vary: "accept-encoding" };
  if (encoding) headers["content-encoding"] = encoding;
  return { body, headers };
}

/** JSON answers smaller than this go as they are: compressing them saves less than it costs. */
export const JSON_THRESHOLD = 1024;

/**
 * Compresses a JSON answer of the app for a client that takes it. Synchronous
 * zlib on bytes in hand: a stream (CompressionStream, as hono/compress does)
 * cost 140 µs per answer and ran on every answer, because c.json sets no
 * Content-Length for its size threshold to read.
 */
export async function compressJson(req: Request, res: Response): Promise<Response> {
  // Never touch `res.body` before deciding: reading that getter turns a string body into a stream, and Deno
  // then answers chunked instead of with a Content-Length.
  if (req.method === "HEAD" || res.status === 204 || res.status === 304) return res;
  if (!res.headers.get("content-type")?.startsWith("application/json") || res.headers.has("content-encoding")) {
    return res;
  }
  const accepts = acceptedBy(req.headers.get("accept-encoding") ?? "");
  if (!accepts.br && !accepts.gzip) return res;
  // A clone shares the body without re-checking headers; reading it leaves `res` as it was to send as is.
  const bytes = new Uint8Array(await res.clone().arrayBuffer());
  if (bytes.length < JSON_THRESHOLD) return res;
  const answer = (body: Uint8Array<ArrayBuffer>) => new Response(body, res);
  const encoding = accepts.br ? "br" : "gzip";
  const out = answer(
    new Uint8Array(
      encoding === "br"
        ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(bytes, { level: 6 }),
    ),
  );
  out.headers.set("content-encoding", encoding);
  const vary = out.headers.get("vary");
  if (!vary?.toLowerCase().includes("accept-encoding")) {
    out.headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  return out;
}
