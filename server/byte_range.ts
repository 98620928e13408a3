/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110,
 * section 14): what to answer. Pure. Only single ranges are served: a list of
 * ranges, another unit or a header that does not parse is ignored and the
 * whole file answered (the RFC allows a server to ignore Range); PMTiles
 * readers ask for one range at a time.
 */
export type RangeAnswer =
  | { kind: "whole" }
  | { kind: "part"; start: number; end: number }
  | { kind: "unsatisfiable" };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: "whole" };
  const m = SINGLE.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return { kind: "whole" };
  // Lengths past 2^53 are not numbers we can seek to; such a header is not ours to answer.
  if (m[1].length > 15 || m[2].length > 15) return { kind: "whole" };
  if (m[1] === "") {
    // A suffix: the last N bytes.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === "" ? Infinity : Number(m[2]);
  if (last < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  // A last byte past the end is clamped: a reader asking for 16 KiB of a smaller file gets the file.
  return { kind: "part", start, end: Math.min(last, size - 1) };
}
