/**
 * Browser side of the islands pipeline: each island bundle calls
 * `hydrate(name, Component)`, which hydrates every marker of that island on
 * the page with the props the server rendered it with. Written against
 * React's API; the production bundles run it on preact/compat (its
 * hydrateRoot hydrates the server's React HTML: scripts/build.ts).
 */
import { type FunctionComponent, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { idScope, IdScopeContext } from "../../components/dom_id.ts";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { TextsProvider } from "../../components/texts.tsx";
import { DEFAULT_LANG, isLang } from "../../lib/i18n/lang.ts";

/**
 * Marks the island's element once React owns it (`data-hydrated`), for tests and styling. Then registers the
 * tenant's service worker, which a tenant's pages name on their <body> element (server/render.tsx; the
 * public site's name none): after the first paint, so it never delays it (registering again is a no-op). A browser
 * that refuses (a private window) leaves a note in its console and the page works as it did; no catch, as the
 * sign-in page has 12 bytes of its budget left.
 */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = "true";
    const worker = document.body.dataset.sw;
    if (worker) navigator.serviceWorker?.register(worker);
  }, [el]);
  return children;
}

// deno-lint-ignore no-explicit-any
export function hydrate(name: string, Island: FunctionComponent<any>): void {
  document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`).forEach((el, index) => {
    const props = JSON.parse(el.dataset.props ?? "{}");
    const texts = JSON.parse(el.dataset.texts ?? "{}");
    const pageLang = document.documentElement.lang;
    hydrateRoot(
      el,
      <IdScopeContext.Provider value={idScope(name, index)}>
        <TextsProvider lang={isLang(pageLang) ? pageLang : DEFAULT_LANG} texts={texts}>
          <ErrorBoundary
            onError={(error) => {
              console.error(`island ${name} failed`, error);
              // The reporter (and, with a DSN, the Sentry SDK it fetches) only once an island has failed.
              void import("./report.ts").then((m) => m.reportError(error));
            }}
          >
            <Hydrated el={el}>
              <Island {...props} />
            </Hydrated>
          </ErrorBoundary>
        </TextsProvider>
      </IdScopeContext.Provider>,
    );
  });
}
