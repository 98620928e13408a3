/**
 * Characters no name, address or message needs, which can hide or reorder
 * what an admin, driver or rider reads: control characters other
 * than tab and line breaks, bidirectional overrides and isolates, and halves
 * of surrogate pairs (not text at all).
 */
const HIDDEN_CHARACTERS =
  // deno-lint-ignore no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}
