/**
 * The origins the map style makes the browser reach, read once at start-up so
 * the CSP names exactly them: the style's own, its sprites and
 * glyphs, its tiles, and the tiles its TileJSON documents list. A style that
 * cannot be read in time (the provider down, no network on the server) leaves
 * the style's own origin only, with a warning: start-up never waits longer
 * than `timeoutMs` in all and never fails for it. The browser falls back to
 * the built-in style if the tiles are then refused (components/map/ShuttleMap.tsx).
 */
import type { Logger } from "../lib/log.ts";
import { originOf, originsOf, pmtilesArchive, styleUrls, tileJsonUrls } from "../lib/map_style.ts";

/** Start-up waits at most this long for the style and its TileJSON documents together. */
export const MAP_STYLE_READ_MS = 4_000;

export interface ReadOptions {
  timeoutMs?: number;
  log?: Logger;
  fetch?: typeof fetch;
}

/** The origins to name in connect-src and img-src for `styleUrl` (Config.mapStyleUrl); [] for the built-in style. */
export async function readMapOrigins(styleUrl: string | null, options: ReadOptions = {}): Promise<string[]> {
  if (styleUrl === null) return [];
  // The built-in street style over a PMTiles archive: the archive's origin, or none for this server's own file.
  if (pmtilesArchive(styleUrl) !== null) return originsOf([styleUrl]);
  const { timeoutMs = MAP_STYLE_READ_MS, log, fetch: get = fetch } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  const readJson = async (url: string) => {
    const res = await get(url, { signal, headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`${url} answered ${res.status}`);
    }
    return await res.json() as unknown;
  };
  try {
    const { direct, tileJson } = styleUrls(await readJson(styleUrl), styleUrl);
    const tiles = await Promise.all(tileJson.map(async (url) => tileJsonUrls(await readJson(url), url)));
    const origins = originsOf([...direct, ...tiles.flat()]);
    log?.({ event: "map.style_read", styleUrl, origins });
    return origins;
  } catch (err) {
    const own = originOf(styleUrl);
    log?.({
      event: "map.style_unread",
      level: "warn",
      styleUrl,
      origins: own ? [own] : [],
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      detail: "the CSP names the style's own origin only; tiles, glyphs or sprites elsewhere will be refused",
    });
    return own ? [own] : [];
  }
}
