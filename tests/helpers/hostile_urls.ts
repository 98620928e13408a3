/**
 * Hostile URL parts and headers for the bad-input properties: path segments, query values and Authorization headers.
 */
import fc from "fast-check";
import { hostileNumber, hostileString } from "./arbitraries.ts";

/** Bytes of a string (lone surrogates become U+FFFD, as any HTTP client would send them). */
const utf8 = new TextEncoder();

/** Percent-encodes every byte but the unreserved ones, so any string fits in one path segment. */
export function pathSegment(s: string): string {
  let out = "";
  for (const b of utf8.encode(s)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9_~-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A path segment as sent: encoded hostile text, or raw text that is itself broken percent-encoding. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.filter((s) => s.length > 0).map(pathSegment) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "%",
      "%zz",
      "%E0%A4%A",
      "%ED%A0%80",
      "%00",
      "%2F",
      "a%2Fb",
      "%2e%2e",
      "..%2F..",
      "%C0%AE",
      "%FF",
      "%25",
      "a;b",
      "a=b",
      "a,b",
      "(x)",
    ),
  },
);

/** A query value as sent (any string, encoded) or absent. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => pathSegment(s)) },
  { weight: 1, arbitrary: hostileNumber.map((n) => pathSegment(n.text)) },
  { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "a&b=c", "a%26b") },
);

/** Authorization headers a client could send that are not a token of anyone. */
export const forgedAuthorization: fc.Arbitrary<string | null> = fc.constantFrom(
  null,
  "",
  "Bearer",
  "Bearer ",
  "Basic dXNlcjpwYXNz",
  "Bearer null",
  "Bearer undefined",
  "Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VySWQiOiJ4Iiwic2Vzc2lvbklkIjoieSJ9.",
  "Bearer a.b.c",
  "Bearer " + "A".repeat(5000),
  "bearer  x  y",
);
