/**
 * Server side of the islands pipeline: renders a component inside a marker
 * element carrying its props as JSON, and records that the page needs the
 * island's bundle. In the browser, islands/runtime/hydrate.tsx finds the
 * marker and hydrates the same tree.
 */
import { createContext, type FunctionComponent, useContext } from "react";
import { renderToString } from "react-dom/server";
import { textsFor } from "../lib/i18n/catalogue.ts";
import { ISLAND_AREAS } from "../lib/i18n/islands.ts";
import { idScope, IdScopeContext } from "./dom_id.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { TextsProvider, useT } from "./texts.tsx";

/** Names of the islands a page render used, filled during the render. */
export const IslandsUsed = createContext<Set<string> | null>(null);

/** How many markers of each island a page render has drawn so far (the browser numbers them in document order). */
const markers = new WeakMap<Set<string>, Map<string, number>>();

function markerIndex(used: Set<string>, name: string): number {
  const counts = markers.get(used) ?? new Map<string, number>();
  markers.set(used, counts);
  const index = counts.get(name) ?? 0;
  counts.set(name, index + 1);
  return index;
}

export function Island<P extends object>(
  { name, component: Island, props }: { name: string; component: FunctionComponent<P>; props: P },
) {
  const used = useContext(IslandsUsed);
  if (!used) throw new Error("Island rendered outside renderPage");
  used.add(name);
  // The island gets only its own areas' texts in the page's language, here and in the browser alike.
  const { lang } = useT();
  const texts = textsFor(lang, ISLAND_AREAS[name] ?? []);
  // Rendered as a root of its own, as the browser hydrates it, so ids from
  // useDomId and the tree's shape match on both sides.
  const html = renderToString(
    <IdScopeContext.Provider value={idScope(name, markerIndex(used, name))}>
      <TextsProvider lang={lang} texts={texts}>
        <ErrorBoundary>
          <Island {...props} />
        </ErrorBoundary>
      </TextsProvider>
    </IdScopeContext.Provider>,
  );
  const textsAttribute = Object.keys(texts).length ? JSON.stringify(texts) : undefined;
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      data-texts={textsAttribute}
      // The HTML is React's own rendering of our component, escaped by React: nothing from outside.
      // deno-lint-ignore react-no-danger
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
