/**
 * Generators of hostile input for the bad-input properties:
 * strings, numbers, JSON documents (with number literals JSON.stringify cannot
 * write, duplicate keys, deep nesting), body encodings and content types, and
 * URL parts. A body is built as a small JSON tree and written out by `jsonText`,
 * so "-0", "1e309" or a key given twice reach the server exactly as generated.
 */
import fc from "fast-check";

/** Strings that have broken parsers, databases and screens before. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\udc00y\ud800",
  "\u202eevil\u202c",
  "\u2066\u2069",
  "\ufeff",
  "\u200b",
  "🚐",
  "👨‍👩‍👧‍👦",
  "Z̷̢̛a̶l̷g̸o̵",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "null",
  "undefined",
  "true",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x1F",
  "%00",
  "%",
  "%zz",
  "%ED%A0%80",
  "..",
  "../../etc/passwd",
  "/",
  "\\",
  "\r\n",
  "\t",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${7*7}",
  "{{7*7}}",
  "8645550142",
  "(864) 555-0142",
  "+1 864 555 0142",
  "864555014２",
  "١٢٣٤٥٦٧٨٩٠",
  "0000",
  "12345",
  "pending",
  "canceled",
  "all",
  "greer",
  "GREER",
  "api",
  "01ARZ3NDEKTSV4RRFFQ69G5FAV",
  "01arz3ndektsv4rrffq69g5fav",
  "99:99",
  "24:00",
];

/** Hostile text: the list above, arbitrary code points (lone surrogates too), and very long strings. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom("x", "🚐", "\u202e", "é", "\ud800"), fc.integer({ min: 81, max: 6000 }))
      .map(([s, n]) => s.repeat(n)),
  },
);

/** A number literal (or any JSON text) written as is (some are not valid JSON on purpose). */
export class NumberText {
  constructor(readonly text: string) {}
}

/** An object as its list of entries, so a key may appear twice and "__proto__" stays a plain key. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, JsonTree])[]) {}
}

export type JsonTree = null | boolean | string | NumberText | JsonTree[] | JsonObject;

/** Numbers at and past every limit the API has, and some JSON cannot carry. */
export const hostileNumber: fc.Arbitrary<NumberText> = fc.oneof(
  fc.constantFrom(
    "0",
    "-0",
    "1",
    "-1",
    "0.5",
    "5",
    "6",
    "90",
    "90.0000001",
    "-90.0000001",
    "180",
    "180.0000001",
    "500",
    "501",
    "1e309",
    "-1e309",
    "1e-400",
    "9007199254740993",
    "1.7976931348623157e308",
    "5e-324",
    "1E2",
    "00",
    "01",
    "1.",
    ".5",
    "+1",
    "NaN",
    "Infinity",
    "-Infinity",
    "0x10",
  ),
  fc.double().map((n) => String(n)),
  fc.integer().map((n) => String(n)),
).map((text) => new NumberText(text));

const leaf: fc.Arbitrary<JsonTree> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileString,
  hostileNumber,
);

/** Any JSON-ish value: leaves, small arrays and objects with hostile keys, nested a few levels. */
export const hostileJson: fc.Arbitrary<JsonTree> = fc.letrec<{ tree: JsonTree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("tree"), { maxLength: 4 }),
    fc.array(fc.tuple(hostileString, tie("tree")), { maxLength: 4 }).map((e) => new JsonObject(e)),
  ),
})).tree;

/** Structures sized to hurt: deep nesting and huge arrays, as text (many exceed the body limits on purpose). */
export const heavyJson: fc.Arbitrary<JsonTree> = fc.oneof(
  fc.integer({ min: 50, max: 5000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.integer({ min: 50, max: 3000 }).map((depth) => '{"a":'.repeat(depth) + '"x"' + "}".repeat(depth)),
  fc.integer({ min: 100, max: 20000 }).map((n) => `[${Array(n).fill("0").join(",")}]`),
).map((text) => new NumberText(text));

const coordinate = fc.oneof(hostileNumber, fc.double({ min: -200, max: 200 }).map((n) => new NumberText(String(n))));

/** Points: right shape with numbers at and past the globe's edges, or the wrong shape. */
export const hostilePoint: fc.Arbitrary<JsonTree> = fc.oneof(
  fc.tuple(coordinate, coordinate).map(([lat, lng]) => new JsonObject([["lat", lat], ["lng", lng]])),
  fc.tuple(coordinate, leaf).map(([lat, lng]) => new JsonObject([["lat", lat], ["lng", lng]])),
  fc.tuple(coordinate, coordinate).map(([lat, lng]) => [lat, lng]),
  fc.tuple(coordinate, coordinate).map(([lat, lng]) => new JsonObject([["latitude", lat], ["longitude", lng]])),
  coordinate.map((lat) => new JsonObject([["lat", lat]])),
  fc.tuple(hostileString, hostileString).map(([lat, lng]) => new JsonObject([["lat", lat], ["lng", lng]])),
);

export function jsonText(tree: JsonTree): string {
  if (tree === null || typeof tree === "boolean") return String(tree);
  if (typeof tree === "string") return JSON.stringify(tree);
  if (tree instanceof NumberText) return tree.text;
  if (Array.isArray(tree)) return `[${tree.map(jsonText).join(",")}]`;
  return `{${tree.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
}

/** A valid payload, as entries, that mutations start from so most requests get past the first check. */
export type Template = readonly (readonly [string, JsonTree])[];

/** A plain JSON value as a tree. */
export function tree(value: unknown): JsonTree {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return new NumberText(String(value));
  if (Array.isArray(value)) return value.map(tree);
  return new JsonObject(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, tree(v)]));
}

/** The template of a valid payload. */
export function template(valid: Record<string, unknown>): Template {
  return (tree(valid) as JsonObject).entries;
}

/** Per field, values that are nearly right (a point just outside the globe, a status with a typo). */
export type NearMisses = Record<string, fc.Arbitrary<JsonTree>>;

const mutation = (template: Template, near: NearMisses): fc.Arbitrary<JsonTree> => {
  const keys = template.map(([k]) => k);
  const field = keys.length ? fc.constantFrom(...keys) : hostileString;
  const replace = (e: Template, key: string, value: JsonTree) =>
    new JsonObject(e.map(([k, v]) => [k, k === key ? value : v] as const));
  const valueFor = (key: string) =>
    Object.hasOwn(near, key) ? fc.oneof(hostileJson, leaf, near[key], near[key]) : fc.oneof(hostileJson, leaf);
  const one = field.chain((k) => valueFor(k).map((v) => [k, v] as const));
  return fc.oneof(
    { weight: 8, arbitrary: one.map(([k, v]) => replace(template, k, v)) },
    {
      weight: 2,
      arbitrary: fc.tuple(one, one).map(([[a, va], [b, vb]]) => replace([...replace(template, a, va).entries], b, vb)),
    },
    { weight: 2, arbitrary: field.map((key) => new JsonObject(template.filter(([k]) => k !== key))) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor")), hostileJson)
        .map(([k, v]) => new JsonObject([...template, [k, v]])),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(field, leaf, fc.boolean()).map(([key, value, validLast]) => {
        const valid = template.find(([k]) => k === key)?.[1] ?? null;
        return new JsonObject([...template, [key, validLast ? value : valid], [key, validLast ? valid : value]]);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("__proto__", "constructor").map((k) =>
        new JsonObject([[k, new JsonObject(template)], ...template])
      ),
    },
    { weight: 1, arbitrary: fc.tuple(field, heavyJson).map(([k, v]) => replace(template, k, v)) },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: heavyJson },
    { weight: 1, arbitrary: fc.constant(new JsonObject(template)) },
  );
};

/** JSON texts that are not JSON. */
const BROKEN_TEXTS = [
  "",
  " ",
  "{",
  "}",
  "{'a': 1}",
  '{"a": 1,}',
  '{"a" 1}',
  "[1, 2",
  "undefined",
  "NaN",
  "{} {}",
  "\ufeff{}",
  '{"a": 1} // comment',
  '{"a": "\\ud800"',
  '{"a": "\\x00"}',
  '"unterminated',
  "\u0000",
];

export type BodySpec =
  | { kind: "json"; text: string }
  | { kind: "bytes"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "none" };

/** A request body: mostly a mutated template, sometimes broken, truncated, padded or not UTF-8. */
export function bodyFor(template: Template, near: NearMisses = {}): fc.Arbitrary<BodySpec> {
  const text = mutation(template, near).map(jsonText);
  return fc.oneof(
    { weight: 12, arbitrary: text.map((t): BodySpec => ({ kind: "json", text: t })) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_TEXTS).map((t): BodySpec => ({ kind: "json", text: t })) },
    {
      weight: 1,
      arbitrary: fc.tuple(text, fc.nat()).map(([t, n]): BodySpec => ({ kind: "json", text: t.slice(0, n % t.length) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(text, fc.integer({ min: 1000, max: 40_000 }))
        .map(([t, n]): BodySpec => ({ kind: "json", text: t + " ".repeat(n) })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ minLength: 0, maxLength: 64 }).map((b): BodySpec => ({
        kind: "bytes",
        bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...b, 0xff, 0xfe, 0x22, 0x7d]),
      })),
    },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: "none" }) },
  );
}

/** Mostly the JSON type (so the body is read); the rest must be refused with 415 once past the guards. */
export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | null>(
      null,
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/merge-patch+json",
      "application/json;charset=latin1",
      "text/plain",
      "text/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      "application/json-patch",
      "application/json, text/plain",
      "application/xml",
      "",
      "*/*",
    ),
  },
);

/** Multipart bodies around a few bytes that are no image (the decoders must refuse them, not crash): photos and logos. */
export const multipartUpload: fc.Arbitrary<[string, BodySpec]> = fc.record({
  field: fc.constantFrom("image", "img", "image[]", ""),
  magic: fc.constantFrom("", "\xff\xd8\xff\xe0", "\x89PNG\r\n\x1a\n", "GIF89a", "RIFF\0\0\0\0WEBPVP8 "),
  bytes: fc.uint8Array({ maxLength: 200 }),
  boundary: fc.constantFrom("B", "B", "other"),
  type: fc.constantFrom("multipart/form-data; boundary=B", "multipart/form-data", "application/json", "image/jpeg"),
}).map((u): [string, BodySpec] => {
  const head = `--${u.boundary}\r\nContent-Disposition: form-data; name="${u.field}"; filename="x.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n${u.magic}`;
  const latin1 = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 255);
  const bytes = new Uint8Array([...latin1(head), ...u.bytes, ...latin1(`\r\n--${u.boundary}--\r\n`)]);
  return [u.type, { kind: "bytes", bytes }];
});
