/**
 * The fast lane for rendered pages. A page is the same for every visitor (the
 * app pages are shells whose islands load the person's data), so once the app
 * has rendered a path with 200, that path's answer is kept for a short while
 * and served straight from memory, before routing: the same bytes, ETag and
 * headers the app gave, one log line and the same metrics. After SHORTCUT_MS
 * the next request goes through the app again (re-reading the tenant), so a
 * page never lags what it depends on by more than that.
 *
 * Each answer is built once as a Response and cloned per request: a clone
 * copies the checked header list, where a new Response re-checks a dozen
 * headers (about 12 µs, a third of what sending the page costs).
 */
import { type Lang, requestLang } from "../lib/i18n/lang.ts";
import type { Logger } from "../lib/log.ts";
import type { Metrics } from "../lib/metrics.ts";
import { type Encoded, pickEncoding } from "./compression.ts";
import { PAGE_VARY } from "./page_cache.ts";
import { recordRequest, requestIdFrom } from "./middleware/request_log.ts";

export const SHORTCUT_MS = 2000;
const MAX_PATHS = 2000;

type Variant = "br" | "gzip" | "identity";

interface Entry {
  body: Encoded;
  etag: string;
  route: string;
  tenant?: string;
  until: number;
  /** The whole answer but x-request-id, per encoding: 200 and 304. */
  answers: Partial<Record<Variant, { full: Response; notModified: Response }>>;
}

export interface RememberedPage {
  body: Encoded;
  etag: string;
  /** The page's own headers (content type, cache control, etag). */
  headers: [string, string][];
  route: string;
  tenant?: string;
}

export class PageShortcut {
  #entries = new Map<string, Entry>();

  constructor(
    private readonly deps: {
      log: Logger;
      metrics: Metrics; /** Headers the app's middleware adds to every answer (securityHeaderList). */
      headers: [string, string][];
    },
  ) {}

  /** Drops what is kept of `tenant`'s pages (its settings changed), or of every page. */
  forgetTenant(tenant?: string): void {
    for (const [key, entry] of this.#entries) {
      if (tenant === undefined || entry.tenant === tenant) this.#entries.delete(key);
    }
  }

  /** Keeps `page` as the answer to a GET of `path` in `lang` for SHORTCUT_MS. */
  remember(lang: Lang, path: string, page: RememberedPage): void {
    if (this.#entries.size >= MAX_PATHS) this.#entries.clear();
    const variant = (encoding: Variant, body: Uint8Array<ArrayBuffer> | undefined) => {
      if (!body) return undefined;
      const headers: [string, string][] = [
        ...page.headers,
        ...this.deps.headers,
        ["vary", PAGE_VARY],
        ...(encoding === "identity" ? [] : [["content-encoding", encoding] as [string, string]]),
      ];
      return {
        full: new Response(body, { status: 200, headers }),
        notModified: new Response(null, { status: 304, headers }),
      };
    };
    this.#entries.set(`${lang}${path}`, {
      body: page.body,
      etag: page.etag,
      route: page.route,
      tenant: page.tenant,
      until: performance.now() + SHORTCUT_MS,
      answers: {
        br: variant("br", page.body.br),
        gzip: variant("gzip", page.body.gzip),
        identity: variant("identity", page.body.identity),
      },
    });
  }

  /** The answer to `req` from memory, or null when the app must answer it. */
  answer(req: Request): Response | null {
    if (req.method !== "GET") return null;
    const path = pathOf(req.url);
    if (path === null) return null;
    const key = `${requestLang(req.headers)}${path}`;
    const entry = this.#entries.get(key);
    if (!entry) return null;
    const started = performance.now();
    if (entry.until <= started) {
      this.#entries.delete(key);
      return null;
    }
    const requestId = requestIdFrom(req.headers.get("x-request-id"));
    const encoding = pickEncoding(req.headers.get("accept-encoding"), entry.body) ?? "identity";
    const answers = entry.answers[encoding]!; // pickEncoding names only encodings the body has
    const res = (req.headers.get("if-none-match") === entry.etag ? answers.notModified : answers.full).clone();
    res.headers.append("x-request-id", requestId); // the prepared answer has none: no search needed
    recordRequest(this.deps.log, this.deps.metrics, {
      method: "GET",
      path,
      route: entry.route,
      status: res.status,
      started,
      requestId,
      tenant: entry.tenant,
    });
    return res;
  }
}

/** The URL's path, or null when it needs decoding (those go through the app's router). */
function pathOf(url: string): string | null {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return null;
  let end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (end < 0 || (hash >= 0 && hash < end)) end = hash;
  const path = end < 0 ? url.slice(start) : url.slice(start, end);
  return path.includes("%") ? null : path;
}
