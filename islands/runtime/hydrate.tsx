/**
 * Browser side of the islands pipeline: each island bundle calls
 * `hydrate(name, Component)`, which hydrates every marker of that island on
 * the page with the props the server rendered it with.
 */
import type { FunctionComponent } from "react";
import { hydrateRoot } from "react-dom/client";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";

// deno-lint-ignore no-explicit-any
export function hydrate(name: string, Island: FunctionComponent<any>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(el.dataset.props ?? "{}");
    hydrateRoot(
      el,
      <ErrorBoundary onError={(error) => console.error(`island ${name} failed`, error)}>
        <Island {...props} />
      </ErrorBoundary>,
    );
  }
}
