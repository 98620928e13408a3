/**
 * ULIDs: 48-bit time + 80 random bits in Crockford base32, so KV keys built
 * from them sort by creation time (docs/conventions.md, "Data in KV").
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function ulid(now: number = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let random = "";
  for (let i = 0; i < 16; i++) random += ALPHABET[randomByte() % 32];
  return time + random;
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
