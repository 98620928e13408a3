/**
 * Browser error reports. The server puts
 * `<meta name="hopper-sentry" content=DSN data-release=…>` on pages only when
 * PUBLIC_SENTRY_DSN is set; without it this module does nothing and the
 * Sentry SDK is never fetched. With it, the SDK chunk loads on the first
 * error only, and every report is scrubbed like the server's (the scrubber
 * arrives with the SDK, so pages without errors never load either: the
 * byte budgets). This module too is a chunk of its own, which the islands'
 * runtime imports once an island has failed.
 */
let ready: Promise<((error: unknown) => void) | null> | null = null;

function sentry(): Promise<((error: unknown) => void) | null> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="hopper-sentry"]');
  if (!meta?.content) return Promise.resolve(null);
  return Promise.all([import("@sentry/browser"), import("../../lib/scrub.ts")]).then(([Sentry, { scrubEvent }]) => {
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
