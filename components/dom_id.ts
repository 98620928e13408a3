/**
 * Element ids for labels and ARIA references (`htmlFor`, `aria-labelledby`,
 * `aria-controls`), unique on the page and the same on the server and in the
 * browser. Islands use `useDomId()`, never React's `useId`:
 *
 * - The browser runs the islands on Preact (scripts/build.ts), whose `useId`
 *   counts per render root, so two islands on one page (the header's
 *   UserMenu and the screen) both hand out `P0-0`: a dialog then took its
 *   name from the menu.
 * - React renders the server's HTML and hydration keeps the server's
 *   attributes, so an id Preact invents differently would point nowhere.
 *
 * Each island root gets its own scope (components/Island.tsx on the server,
 * islands/runtime/hydrate.tsx in the browser), named after the island; ids
 * are `<Island>-<n>`, numbered in the order components first render, which
 * is the same on both sides because hydration renders the server's tree.
 */
import { createContext, useContext, useState } from "react";

export interface IdScope {
  prefix: string;
  next: number;
}

/** Outside any island (the island tests render components bare) ids still never repeat. */
export const IdScopeContext = createContext<IdScope>({ prefix: "id", next: 0 });

/** A fresh scope for the `index`-th marker of island `name` on a page. */
export function idScope(name: string, index = 0): IdScope {
  return { prefix: index ? `${name}${index + 1}` : name, next: 0 };
}

/** An id for this component's lifetime: `<Island>-<n>`. */
export function useDomId(): string {
  const scope = useContext(IdScopeContext);
  const [id] = useState(() => `${scope.prefix}-${scope.next++}`);
  return id;
}
