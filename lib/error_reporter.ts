/**
 * Error reporting (spec section 7, issue 8). The app reports unhandled
 * errors to an ErrorReporter; with SENTRY_DSN set it is Sentry, otherwise
 * nothing leaves the process (the error is still logged). Reports carry the
 * route, tenant and request id, and are scrubbed of tokens, codes and phone
 * numbers before they leave.
 */
import * as Sentry from "@sentry/deno";

export interface ErrorContext {
  route: string;
  tenant?: string;
  requestId?: string;
}

export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): void;
  /** Waits (up to `timeoutMs`) for reports still in flight. */
  flush(timeoutMs?: number): Promise<boolean>;
}

export const noReporter: ErrorReporter = { capture() {}, flush: () => Promise.resolve(true) };

const PATTERNS: [RegExp, string][] = [
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, "[token]"],
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

/**
 * Sentry through @sentry/deno. Initialised once per process, without default
 * integrations: nothing is collected but what `capture` sends.
 */
export function sentryReporter({ dsn, release, environment }: {
  dsn: string;
  release: string;
  environment?: string;
}): ErrorReporter {
  Sentry.init({
    dsn,
    release,
    environment,
    defaultIntegrations: false,
    sendDefaultPii: false,
    beforeSend: (event) => scrubEvent(event),
  });
  return {
    capture(error, { route, tenant, requestId }) {
      Sentry.withScope((scope) => {
        scope.setTag("route", route);
        if (tenant) scope.setTag("tenant", tenant);
        if (requestId) scope.setTag("request_id", requestId);
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
  };
}
