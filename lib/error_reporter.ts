/**
 * Error reporting (spec section 7). The app reports unhandled
 * errors to an ErrorReporter; with SENTRY_DSN set it is Sentry, otherwise
 * nothing leaves the process (the error is still logged). Reports carry the
 * route, tenant and request id, and are scrubbed of tokens, codes and phone
 * numbers before they leave.
 */
import * as Sentry from "@sentry/deno";
import { scrubEvent } from "./scrub.ts";

export { scrubEvent, scrubText } from "./scrub.ts";

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
