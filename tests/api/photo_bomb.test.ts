/**
 * A photo cannot stall the server: a 5 KB PNG that claims
 * 6320 × 6320 one-bit pixels (it would decode to 160 MB) is refused from its
 * header, before any pixel is decoded.
 */
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { BOMB_TEXT } from "../../lib/images/rules.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An all-black one-bit greyscale PNG of `side` × `side` pixels: a few KB that decode to side² × 4 bytes. */
export function pngBomb(side: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = new Uint8Array((1 + Math.ceil(side / 8)) * side); // each row: filter 0, then zeros
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(raw, { level: 9 }))),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

describe("a decompression bomb", () => {
  it("a 5 KB PNG of 6320 × 6320 pixels answers 400 within 500 ms and stores nothing", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, "8645550142");
    const bomb = pngBomb(6320);
    expect(bomb.length).toBeLessThan(10_000);
    const form = new FormData();
    form.append("image", new File([bomb], "bomb.png", { type: "image/png" }));
    const started = performance.now();
    const res = await t.request("/api/users/profile/image-upload", bearer(token, { method: "POST", body: form }));
    const ms = performance.now() - started;
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BOMB_TEXT });
    expect(ms).toBeLessThan(500);
    expect((await t.kv.get(keys.photo(user.id))).value).toBeNull();
  });
});
