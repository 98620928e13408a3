/**
 * A tiny PMTiles v3 archive built by hand (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md),
 * for the tests that serve one: the z14 tiles around downtown Greer, each a
 * Mapbox Vector Tile with the Protomaps basemap layers the built-in street
 * style draws (components/map/street_style.ts): land over the whole tile,
 * ponds, and a grid of main roads and highways.
 * Uncompressed (tile and directory compression 1, none), a few KB.
 */
import { zxyToTileId } from "pmtiles";

export const FIXTURE_ZOOM = 14;
/** Downtown Greer, the demo tenant's centre. */
const CENTRE = { lat: 34.9387, lng: -82.2271 };
const EXTENT = 4096;

function tileOf(lat: number, lng: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [
    Math.floor(((lng + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  ];
}

function lngOf(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

function latOf(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

// ---- protobuf, as much as MVT needs ----
class Pbf {
  bytes: number[] = [];
  varint(v: number): this {
    while (v > 127) {
      this.bytes.push((v & 127) | 128);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
    return this;
  }
  key(field: number, wire: number): this {
    return this.varint((field << 3) | wire);
  }
  uint(field: number, v: number): this {
    return this.key(field, 0).varint(v);
  }
  raw(field: number, data: number[] | Uint8Array): this {
    this.key(field, 2).varint(data.length);
    this.bytes.push(...data);
    return this;
  }
  text(field: number, s: string): this {
    return this.raw(field, new TextEncoder().encode(s));
  }
  packed(field: number, values: number[]): this {
    const inner = new Pbf();
    for (const v of values) inner.varint(v);
    return this.raw(field, inner.bytes);
  }
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const command = (id: number, count: number) => (id & 7) | (count << 3);

/** MVT geometry commands for a line (2) or a closed ring (3). */
function geometry(points: [number, number][], ring: boolean): number[] {
  const out: number[] = [];
  let [cx, cy] = [0, 0];
  points.forEach(([x, y], i) => {
    if (i === 0) out.push(command(1, 1));
    if (i === 1) out.push(command(2, points.length - 1));
    out.push(zigzag(x - cx), zigzag(y - cy));
    [cx, cy] = [x, y];
  });
  if (ring) out.push(command(7, 1));
  return out;
}

interface Feature {
  type: 2 | 3;
  points: [number, number][];
  kind: string;
}

function layer(name: string, features: Feature[]): number[] {
  const kinds = [...new Set(features.map((f) => f.kind))];
  const l = new Pbf().uint(15, 2).text(1, name);
  features.forEach((f, i) => {
    const feature = new Pbf()
      .uint(1, i + 1)
      .packed(2, [0, kinds.indexOf(f.kind)])
      .uint(3, f.type)
      .packed(4, geometry(f.points, f.type === 3));
    l.raw(2, feature.bytes);
  });
  l.text(3, "kind");
  for (const k of kinds) l.raw(4, new Pbf().text(1, k).bytes);
  l.uint(5, EXTENT);
  return l.bytes;
}

/**
 * One tile: land over it all, a grid of main roads across and highways down every eighth of the tile, and
 * ponds between them, so any part of it a phone's map shows holds all three. Rings clockwise (y down), as MVT
 * wants.
 */
export function fixtureTile(): Uint8Array {
  const square = (x: number, y: number, side: number): [number, number][] => [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
  ];
  const STEP = EXTENT / 8;
  const ponds: Feature[] = [];
  const roads: Feature[] = [];
  for (let i = 0; i < 8; i++) {
    const at = i * STEP + STEP / 2;
    roads.push({ type: 2, points: [[-64, at], [EXTENT + 64, at]], kind: "major_road" });
    roads.push({ type: 2, points: [[at, -64], [at, EXTENT + 64]], kind: "highway" });
    for (let j = 0; j < 4; j++) {
      ponds.push({ type: 3, points: square(i * STEP + 64, j * 2 * STEP + 64, 160), kind: "water" });
    }
  }
  const tile = new Pbf()
    .raw(3, layer("earth", [{ type: 3, points: square(-64, -64, EXTENT + 128), kind: "earth" }]))
    .raw(3, layer("water", ponds))
    .raw(3, layer("roads", roads));
  return new Uint8Array(tile.bytes);
}

function directory(entries: { tileId: number; offset: number; length: number }[]): Uint8Array {
  const p = new Pbf().varint(entries.length);
  let last = 0;
  for (const e of entries) {
    p.varint(e.tileId - last);
    last = e.tileId;
  }
  for (const _ of entries) p.varint(1);
  for (const e of entries) p.varint(e.length);
  for (const e of entries) p.varint(e.offset + 1);
  return new Uint8Array(p.bytes);
}

export interface Fixture {
  bytes: Uint8Array;
  /** The tiles it holds, [z, x, y], and the bytes of each (all the same tile). */
  tiles: [number, number, number][];
  tile: Uint8Array;
}

/** The archive: the 3 × 3 z14 tiles around Greer's centre (about 6 km square). */
export function pmtilesFixture(): Fixture {
  const z = FIXTURE_ZOOM;
  const [cx, cy] = tileOf(CENTRE.lat, CENTRE.lng, z);
  const tiles: [number, number, number][] = [];
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) tiles.push([z, cx + dx, cy + dy]);
  const tile = fixtureTile();
  const entries = tiles.map(([tz, x, y]) => zxyToTileId(tz, x, y)).sort((a, b) => a - b)
    .map((tileId, i) => ({ tileId, offset: i * tile.length, length: tile.length }));
  const root = directory(entries);
  const metadata = new TextEncoder().encode(JSON.stringify({
    name: "Hopper test fixture",
    vector_layers: ["earth", "water", "roads"].map((id) => ({ id, fields: { kind: "String" } })),
  }));
  const data = new Uint8Array(tile.length * entries.length);
  entries.forEach((_, i) => data.set(tile, i * tile.length));

  const HEADER = 127;
  const rootAt = HEADER;
  const metaAt = rootAt + root.length;
  const dataAt = metaAt + metadata.length;
  const bytes = new Uint8Array(dataAt + data.length);
  const v = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("PMTiles"), 0);
  v.setUint8(7, 3);
  const u64 = (at: number, n: number) => v.setBigUint64(at, BigInt(n), true);
  u64(8, rootAt);
  u64(16, root.length);
  u64(24, metaAt);
  u64(32, metadata.length);
  u64(40, dataAt); // no leaf directories
  u64(48, 0);
  u64(56, dataAt);
  u64(64, data.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  v.setUint8(96, 1); // clustered
  v.setUint8(97, 1); // internal compression: none
  v.setUint8(98, 1); // tile compression: none
  v.setUint8(99, 1); // MVT
  v.setUint8(100, z);
  v.setUint8(101, z);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  v.setInt32(102, e7(lngOf(cx - 1, z)), true);
  v.setInt32(106, e7(latOf(cy + 2, z)), true);
  v.setInt32(110, e7(lngOf(cx + 2, z)), true);
  v.setInt32(114, e7(latOf(cy - 1, z)), true);
  v.setUint8(118, z);
  v.setInt32(119, e7(CENTRE.lng), true);
  v.setInt32(123, e7(CENTRE.lat), true);
  bytes.set(root, rootAt);
  bytes.set(metadata, metaAt);
  bytes.set(data, dataAt);
  return { bytes, tiles, tile };
}

/** Writes the archive to a temporary file and answers its path (the caller removes it, or the OS does). */
export async function writePmtilesFixture(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "hopper-pmtiles-" });
  const path = `${dir}/greer.pmtiles`;
  await Deno.writeFile(path, pmtilesFixture().bytes);
  return path;
}
