/**
 * Which browser pages may open a socket (docs/live.md "Who gets in"): a
 * browser always sends `Origin`, and only pages served from PUBLIC_URL's
 * origin may connect, so another site cannot open a socket in a visitor's
 * name. Clients that send no `Origin` (native apps, scripts: the spec's
 * clients) are let through; they prove who they are with a token or ticket.
 * While PUBLIC_URL itself is a loopback address (the default,
 * http://localhost:PORT, on a developer's machine or a test server on a
 * random port) any loopback page of the same scheme is accepted.
 */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function originAllowed(origin: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin); // "null" (a sandboxed or file: page) does not parse: refused
  } catch {
    return false;
  }
  const own = new URL(publicUrl);
  if (page.origin === own.origin) return true;
  return LOOPBACK.has(own.hostname) && LOOPBACK.has(page.hostname) && page.protocol === own.protocol;
}
