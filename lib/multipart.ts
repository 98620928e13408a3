/**
 * Finds one uploaded file in a multipart/form-data body (RFC 7578) with the
 * runtime's native byte search. Request.formData() walks the body byte by
 * byte in JavaScript (about 20 ms for a 5 MB photo, on the request thread);
 * this finds the same bytes in about a millisecond, without copying them.
 */
import { Buffer } from "node:buffer";

const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i;
const NAME = /(?:^|;)\s*name="([^"]*)"/i;
const FILENAME = /;\s*filename\*?=/i;
/** A part's header block longer than this is not from a browser: the body is refused. */
const MAX_HEADER_BYTES = 8 * 1024;

/** The boundary named by a Content-Type header, or null. */
export function boundaryOf(contentType: string): string | null {
  const m = BOUNDARY.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/**
 * The bytes of the file sent in field `field` (its first part, which must
 * carry a filename), or null when the body is not well formed multipart or
 * that field holds no file.
 */
export function multipartFile(body: Uint8Array, contentType: string, field: string): Uint8Array | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body without the CRLF before it.
  const opening = delimiter.subarray(2);
  let at: number;
  if (buf.subarray(0, opening.length).equals(opening)) at = opening.length;
  else {
    const first = buf.indexOf(delimiter);
    if (first < 0) return null;
    at = first + delimiter.length;
  }
  const decoder = new TextDecoder();
  for (;;) {
    if (buf[at] === 0x2d && buf[at + 1] === 0x2d) return null; // "--": the closing delimiter
    while (buf[at] === 0x20 || buf[at] === 0x09) at++; // transport padding
    if (buf[at] !== 0x0d || buf[at + 1] !== 0x0a) return null;
    const headersEnd = buf.indexOf("\r\n\r\n", at);
    if (headersEnd < 0 || headersEnd - at > MAX_HEADER_BYTES) return null;
    const headers = decoder.decode(body.subarray(at + 2, headersEnd)).split("\r\n");
    const start = headersEnd + 4;
    const end = buf.indexOf(delimiter, start);
    if (end < 0) return null;
    const disposition = headers.find((h) => /^content-disposition\s*:/i.test(h));
    if (disposition) {
      const value = disposition.slice(disposition.indexOf(":") + 1);
      // Like FormData.get: the first part of that name decides, and only a file counts.
      if (NAME.exec(value)?.[1] === field) return FILENAME.test(value) ? body.subarray(start, end) : null;
    }
    at = end + delimiter.length;
  }
}
