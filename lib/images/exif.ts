/** The EXIF orientation tag (0x0112), the only metadata read from an upload: everything else is dropped. */

/** 1 upright; 2 mirrored; 3 upside down; 4 flipped; 5-8 the same with a quarter turn (TIFF 6.0). */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const ORIENTATION_TAG = 0x0112;

/** The orientation recorded in a TIFF-structured EXIF block; 1 when there is none or it cannot be read. */
export function readOrientation(tiff: Uint8Array | null): Orientation {
  if (!tiff || tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49; // "II"
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d; // "MM"
  if (!little && !big) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (view.getUint16(2, little) !== 42) return 1;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    const value = view.getUint16(entry + 8, little); // type SHORT, count 1: the value sits in the entry
    return value >= 1 && value <= 8 ? value as Orientation : 1;
  }
  return 1;
}
