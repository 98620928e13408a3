/**
 * No English left on a screen: words written straight into the
 * markup of an island, a component or a page (a text between tags, or a
 * label, title, placeholder or alt attribute) never reach the Spanish
 * catalogue. Each must go through t(); the few that are the same in every
 * language are listed here with the reason.
 */
import { describe, expect, it } from "vitest";
import { withoutComments } from "../helpers/source_code.ts";

const ROOT = new URL("../../", import.meta.url);
const FOLDERS = ["islands", "components", "routes/pages"];

/** Words that read the same in both languages. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Hopper", // the product's name
  "/greer", // an example web address, on the home page
]);

async function* screenFiles(folder: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(`${folder}/`, ROOT))) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory) yield* screenFiles(path);
    else if (entry.name.endsWith(".tsx")) yield path;
  }
}

function leftovers(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  // Text between two tags that is not an expression: <h1>Welcome</h1>, </a>. More</p>
  for (const m of code.matchAll(/>([^<>{}`]*?[A-Za-z]{2,}[^<>{}`]*?)</g)) {
    const text = m[1].trim();
    // Code, not markup: a comparison's > and <, a type's <…>, a ternary between two elements.
    if (/=>|&&|\|\||===|\(|\)|;/.test(text) || /^[,:?]/.test(text)) continue;
    if (text && !SAME_IN_EVERY_LANGUAGE.has(text)) found.push(text);
  }
  // Words in the attributes a person reads or hears.
  for (const m of code.matchAll(/\b(aria-label|title|placeholder|alt|label)="([^"]*[A-Za-z][^"]*)"/g)) {
    if (!SAME_IN_EVERY_LANGUAGE.has(m[2])) found.push(`${m[1]}="${m[2]}"`);
  }
  return found;
}

describe("English left in the markup", () => {
  it("finds words written into markup (the check itself)", () => {
    expect(leftovers(`<h1 className="x">Welcome back</h1><input placeholder="Your name" />`)).toEqual([
      "Welcome back",
      'placeholder="Your name"',
    ]);
    expect(leftovers(`<h1>{t("Welcome back")}</h1>{/* Not shown */}<p>Hopper</p>`)).toEqual([]);
    expect(leftovers(`{ride ? <A /> : <B />}{a > b && c < d}new WeakMap<Set<string>, Map<string, number>>()`)).toEqual(
      [],
    );
  });

  it("finds none in islands, components and pages", async () => {
    const all: string[] = [];
    for (const folder of FOLDERS) {
      for await (const path of screenFiles(folder)) {
        const source = await Deno.readTextFile(new URL(path, ROOT));
        for (const text of leftovers(source)) all.push(`${path}: ${text}`);
      }
    }
    expect(all).toEqual([]);
  });
});
