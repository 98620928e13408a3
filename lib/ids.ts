/**
 * ULIDs: 48-bit time + 80 random bits in Crockford base32, so KV keys built
 * from them sort by creation time (docs/conventions.md, "Data in KV").
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function ulid(now: number = Date.now()): string {
  let random = "";
  for (let i = 0; i < 16; i++) random += ALPHABET[randomByte() % 32];
  return timePart(now) + random;
}

/**
 * The smallest ULID of moment `ms`: every id made at `ms` or later sorts at or
 * after it, every id made before sorts before it. Bounds of a KV list over a
 * time range (the trips CSV).
 */
export function firstUlidAt(ms: number): string {
  // A ULID's time is 48 bits from 1970: moments outside it bound at its ends.
  return timePart(Math.min(Math.max(0, Math.floor(ms)), 2 ** 48 - 1)) + "0".repeat(16);
}

/** The moment a ULID was made (epoch ms), read back from its first 10 characters. */
export function ulidTime(id: string): number {
  let t = 0;
  for (const ch of id.slice(0, 10)) t = t * 32 + ALPHABET.indexOf(ch);
  return t;
}

function timePart(ms: number): string {
  let time = "";
  let t = ms;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time;
}

/** CSPRNG bytes drawn 4 KiB at a time: one getRandomValues call per 256 ids instead of one each. */
const pool = new Uint8Array(4096);
let used = pool.length;

function randomByte(): number {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  return pool[used++];
}
