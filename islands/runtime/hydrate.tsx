/**
 * Browser side of the islands pipeline: each island bundle calls
 * `hydrate(name, Component)`, which hydrates every marker of that island on
 * the page with the props the server rendered it with.
 */
import { type FunctionComponent, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { reportError } from "./report.ts";

/** Marks the island's element once React owns it (`data-hydrated`), for tests and styling. */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = "true";
  }, [el]);
  return children;
}

// deno-lint-ignore no-explicit-any
export function hydrate(name: string, Island: FunctionComponent<any>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(el.dataset.props ?? "{}");
    hydrateRoot(
      el,
      <ErrorBoundary
        onError={(error) => {
          console.error(`island ${name} failed`, error);
          reportError(error);
        }}
      >
        <Hydrated el={el}>
          <Island {...props} />
        </Hydrated>
      </ErrorBoundary>,
    );
  }
}
