/**
 * Which map the rider and driver screens draw ("A street map with
 * no set-up"), and which origins a MapLibre style makes the browser reach.
 * Pure: the server reads the style at start-up and names these origins in
 * its CSP (server/map_origins.ts); the map chunk reads the same setting.
 *
 * The setting (`Config.mapStyleUrl`, handed to the screens as `styleUrl`):
 * - null: the built-in offline style (MAP_STYLE_URL=offline): nothing to fetch;
 * - an http(s) URL: a MapLibre style JSON (default: OpenFreeMap's "liberty");
 * - `pmtiles://<archive>`: the built-in street style over that PMTiles archive
 *   (components/map/street_style.ts); `pmtiles:///map/tiles.pmtiles` is the
 *   file of MAP_PMTILES_PATH that this server serves itself.
 */

/** OpenStreetMap data, no key, no account, no cookies (https://openfreemap.org). */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

/** MAP_STYLE_URL's word for the built-in style. */
export const OFFLINE_MAP_STYLE = "offline";

/** Where the app serves MAP_PMTILES_PATH (server/pmtiles_file.ts), from its own origin. */
export const PMTILES_ROUTE = "/map/tiles.pmtiles";

const PMTILES = "pmtiles://";

/** The archive a `pmtiles://` URL names (absolute or a path on this server), or null for any other URL. */
export function pmtilesArchive(url: string): string | null {
  return url.startsWith(PMTILES) ? url.slice(PMTILES.length) : null;
}

/** `pmtiles://https://x/a.pmtiles` → `https://x`; `https://x/style.json` → `https://x`; a path or other scheme → null. */
export function originOf(url: string, base?: string): string | null {
  const target = pmtilesArchive(url) ?? url;
  try {
    const parsed = new URL(target, base);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    // A path on this server ("/map/tiles.pmtiles" against no base) is 'self'.
    return parsed.origin;
  } catch {
    return null;
  }
}

/** What a style's sources may hold that names a URL (MapLibre style spec, "Sources"). */
interface StyleSource {
  type?: unknown;
  url?: unknown;
  tiles?: unknown;
  urls?: unknown;
  data?: unknown;
}

export interface StyleUrls {
  /** Style, glyphs, sprites, tiles, images: every URL the style names directly. */
  direct: string[];
  /** TileJSON documents (sources' `url`, http(s) only): their `tiles` are on origins only they tell. */
  tileJson: string[];
}

const strings = (v: unknown): string[] =>
  typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];

/** Sources whose `url` is a TileJSON document (an image source's `url` is the picture itself). */
const TILED = new Set(["vector", "raster", "raster-dem"]);

/** Every URL a style JSON names, resolved against the style's own URL. Never throws on a strange style. */
export function styleUrls(style: unknown, styleUrl: string): StyleUrls {
  const direct: string[] = [styleUrl];
  const tileJson: string[] = [];
  if (typeof style !== "object" || style === null) return { direct, tileJson };
  const { sprite, glyphs, sources } = style as { sprite?: unknown; glyphs?: unknown; sources?: unknown };
  const resolve = (u: string) => {
    if (pmtilesArchive(u) !== null) return u;
    try {
      return new URL(u, styleUrl).href;
    } catch {
      return null;
    }
  };
  const add = (list: string[], u: string) => {
    const resolved = resolve(u);
    if (resolved) list.push(resolved);
  };
  // A sprite is a URL or a list of { id, url }.
  for (const s of Array.isArray(sprite) ? sprite : [sprite]) {
    if (typeof s === "string") add(direct, s);
    else if (typeof s === "object" && s !== null && typeof (s as { url?: unknown }).url === "string") {
      add(direct, (s as { url: string }).url);
    }
  }
  // Glyph templates ("{fontstack}/{range}.pbf") parse as URLs: only the origin matters.
  for (const g of strings(glyphs)) add(direct, g);
  if (typeof sources === "object" && sources !== null) {
    for (const source of Object.values(sources as Record<string, StyleSource>)) {
      if (typeof source !== "object" || source === null) continue;
      for (const u of strings(source.url)) {
        const tiled = TILED.has(source.type as string) && pmtilesArchive(u) === null;
        if (tiled && /^https?:/i.test(resolve(u) ?? "")) add(tileJson, u);
        add(direct, u);
      }
      for (const u of [...strings(source.tiles), ...strings(source.urls), ...strings(source.data)]) add(direct, u);
    }
  }
  return { direct, tileJson };
}

/** The tile URLs a TileJSON names (its `tiles`), resolved against where it was read. */
export function tileJsonUrls(tileJson: unknown, at: string): string[] {
  if (typeof tileJson !== "object" || tileJson === null) return [];
  return strings((tileJson as { tiles?: unknown }).tiles).flatMap((u) => {
    try {
      return [new URL(u, at).href];
    } catch {
      return [];
    }
  });
}

/** The distinct http(s) origins of `urls`, sorted, so the CSP reads the same at every start. */
export function originsOf(urls: string[]): string[] {
  return [...new Set(urls.map((u) => originOf(u)).filter((o): o is string => o !== null))].sort();
}
