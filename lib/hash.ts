/** FNV-1a over bytes, two 32-bit lanes: a fast, stable fingerprint for ETags (not for secrets). */
export function fingerprint(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193);
    b = Math.imul(b ^ bytes[i] ^ (a >>> 13), 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36) + bytes.length.toString(36);
}
