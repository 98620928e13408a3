/** What a MapLibre style makes the browser reach (lib/map_style.ts), for the CSP. */
import { describe, expect, it } from "vitest";
import { originOf, originsOf, pmtilesArchive, styleUrls, tileJsonUrls } from "../../lib/map_style.ts";

describe("map style origins", () => {
  it("reads sprites (one or a list), glyphs, sources' TileJSON, tiles, image urls and GeoJSON data URLs", () => {
    const style = {
      version: 8,
      sprite: [{ id: "a", url: "https://sprites.example.org/a" }, { id: "b", url: "/sprites/b" }],
      glyphs: "https://fonts.example.org/{fontstack}/{range}.pbf",
      sources: {
        vt: { type: "vector", url: "https://tilejson.example.org/planet" },
        raster: { type: "raster", tiles: ["https://a.tiles.example.org/{z}/{x}/{y}.png"] },
        picture: { type: "image", url: "https://img.example.org/p.png", coordinates: [] },
        video: { type: "video", urls: ["https://video.example.org/v.mp4"] },
        points: { type: "geojson", data: "https://data.example.org/points.json" },
        inline: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
        archive: { type: "vector", url: "pmtiles://https://cdn.example.org/x.pmtiles" },
        junk: null,
      },
    };
    const urls = styleUrls(style, "https://style.example.org/styles/liberty");
    expect(urls.tileJson).toEqual(["https://tilejson.example.org/planet"]);
    expect(originsOf(urls.direct)).toEqual([
      "https://a.tiles.example.org",
      "https://cdn.example.org",
      "https://data.example.org",
      "https://fonts.example.org",
      "https://img.example.org",
      "https://sprites.example.org",
      "https://style.example.org",
      "https://tilejson.example.org",
      "https://video.example.org",
    ]);
  });

  it("never throws on a strange style or TileJSON, and keeps the style's own origin", () => {
    for (const junk of [null, 3, "style", [], { sources: 7 }, { sprite: { url: 5 } }, { glyphs: ["x"] }]) {
      expect(originsOf(styleUrls(junk, "https://style.example.org/s.json").direct)).toEqual([
        "https://style.example.org",
      ]);
    }
    expect(tileJsonUrls({ tiles: ["/t/{z}/{x}/{y}.pbf", 4] }, "https://tj.example.org/planet")).toEqual([
      "https://tj.example.org/t/%7Bz%7D/%7Bx%7D/%7By%7D.pbf",
    ]);
    expect(tileJsonUrls("nope", "https://tj.example.org/planet")).toEqual([]);
  });

  it("reads pmtiles:// URLs: the archive, and its origin unless it is on this server", () => {
    expect(pmtilesArchive("pmtiles:///map/tiles.pmtiles")).toBe("/map/tiles.pmtiles");
    expect(pmtilesArchive("https://x.example.org/s.json")).toBeNull();
    expect(originOf("pmtiles://https://cdn.example.org/x.pmtiles")).toBe("https://cdn.example.org");
    expect(originOf("pmtiles:///map/tiles.pmtiles")).toBeNull();
    expect(originOf("mapbox://styles/x")).toBeNull();
    expect(originOf("data:application/json,{}")).toBeNull();
  });
});
