/** Spanish for the profile area (issue 17; words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const profile = {} as const satisfies Record<string, Entry>;
