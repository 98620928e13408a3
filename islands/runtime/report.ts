/**
 * Browser error reports (issue 8). The server puts
 * `<meta name="hopper-sentry" content=DSN data-release=…>` on pages only when
 * PUBLIC_SENTRY_DSN is set; without it this module does nothing and the
 * Sentry SDK is never fetched. With it, the SDK chunk loads on the first
 * error only, and every report is scrubbed like the server's.
 */
import { scrubEvent } from "../../lib/scrub.ts";

let ready: Promise<((error: unknown) => void) | null> | null = null;

function sentry(): Promise<((error: unknown) => void) | null> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="hopper-sentry"]');
  if (!meta?.content) return Promise.resolve(null);
  return import("@sentry/browser").then((Sentry) => {
    Sentry.init({
      dsn: meta.content,
      release: meta.dataset.release,
      defaultIntegrations: false,
      sendDefaultPii: false,
      beforeSend: (event) => scrubEvent(event),
    });
    return (error: unknown) => Sentry.captureException(error);
  }, () => null);
}

export function reportError(error: unknown): void {
  ready ??= sentry();
  ready.then((capture) => capture?.(error));
}
