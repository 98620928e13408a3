/**
 * What may leave the process or the browser in an error report: tokens,
 * phone numbers and sign-in codes are replaced, and request data,
 * breadcrumbs and the user are dropped. Shared by the server reporter and the
 * browser's (pure: no SDK here).
 */
const PATTERNS: [RegExp, string][] = [
  // Starts only where a run of token characters starts, so "eyJeyJ…" costs one scan, not one per "eyJ".
  [/(?<![\w-])eyJ[\w-]+\.[\w-]+\.[\w-]*/g, "[token]"],
  [/\b(Bearer|token=|ticket=)\s*[\w.-]+/gi, "$1 [token]"],
  [/(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g, "[phone]"],
  [/\b(code["'\s:=]+)\d{4}\b/gi, "$1[code]"],
];

/** Replaces anything that looks like a token, phone number or sign-in code. */
export function scrubText(text: string): string {
  return PATTERNS.reduce((s, [re, to]) => s.replace(re, to), text);
}

function scrubDeep<T>(value: T): T {
  if (typeof value === "string") return scrubText(value) as T;
  if (Array.isArray(value)) return value.map(scrubDeep) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)])) as T;
  }
  return value;
}

/** The event as it may leave: no request data, no breadcrumbs, every string scrubbed. */
export function scrubEvent<E extends { request?: unknown; breadcrumbs?: unknown; user?: unknown }>(event: E): E {
  const { request: _request, breadcrumbs: _breadcrumbs, user: _user, ...rest } = event;
  return scrubDeep(rest) as E;
}
