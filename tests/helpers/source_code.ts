/** Source code as the i18n checks read it (tests/unit/i18n_*.test.ts). */

/** The code without its comments (JSX comments included): their words and quoted examples are for developers. */
export function withoutComments(source: string): string {
  return source.replace(/\{\s*\/\*[^]*?\*\/\s*\}/g, "").replace(/\/\*[^]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}
