// Draws the map pin images (shuttle, flag, person) as 64×64 RGBA PNGs.
// No dependencies: shapes are signed distance functions, anti-aliased by
// 4×4 supersampling, and the PNG encoder (CRC32 + zlib) is written here.
//
// Usage: deno run --allow-write=static scripts/draw_pins.ts

type Sdf = (x: number, y: number) => number; // < 0 inside, > 0 outside
type Rgba = [number, number, number, number]; // 0-255 colour, alpha 0-1
type Layer = { shape: Sdf; color: Rgba };

const SIZE = 64;
const SAMPLES = 4; // per axis

// ---------- colours ----------

function hex(code: string, alpha = 1): Rgba {
  const n = parseInt(code.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

const WHITE = hex("#ffffff");
const INK = hex("#0f172a");

// ---------- shapes ----------

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function circle(cx: number, cy: number, r: number): Sdf {
  return (x, y) => Math.hypot(x - cx, y - cy) - r;
}

function roundRect(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  r: number,
): Sdf {
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const hw = (x1 - x0) / 2 - r, hh = (y1 - y0) / 2 - r;
  return (x, y) => {
    const qx = Math.abs(x - cx) - hw, qy = Math.abs(y - cy) - hh;
    const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
    return outside + Math.min(Math.max(qx, qy), 0) - r;
  };
}

/** A line segment from (ax, ay) to (bx, by) with round caps. */
function line(ax: number, ay: number, bx: number, by: number, w: number): Sdf {
  const ex = bx - ax, ey = by - ay;
  return (x, y) => {
    const t = clamp(
      ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey),
      0,
      1,
    );
    return Math.hypot(x - ax - ex * t, y - ay - ey * t) - w / 2;
  };
}

/** Any simple polygon (after Inigo Quilez's exact polygon distance). */
function polygon(pts: [number, number][]): Sdf {
  return (x, y) => {
    let d = Infinity;
    let sign = 1;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [ix, iy] = pts[i], [jx, jy] = pts[j];
      const ex = jx - ix, ey = jy - iy, wx = x - ix, wy = y - iy;
      const t = clamp((wx * ex + wy * ey) / (ex * ex + ey * ey), 0, 1);
      d = Math.min(d, Math.hypot(wx - ex * t, wy - ey * t));
      const a = y >= iy, b = y < jy, c = ex * wy > ey * wx;
      if ((a && b && c) || (!a && !b && !c)) sign = -sign;
    }
    return sign * d;
  };
}

const union = (...shapes: Sdf[]): Sdf => (x, y) => Math.min(...shapes.map((s) => s(x, y)));
const intersect = (...shapes: Sdf[]): Sdf => (x, y) => Math.max(...shapes.map((s) => s(x, y)));
/** Grows (positive) or shrinks (negative) a shape by `by` pixels. */
const grow = (shape: Sdf, by: number): Sdf => (x, y) => shape(x, y) - by;

// ---------- rasterising ----------

/** Paints layers bottom to top; returns straight-alpha RGBA pixels. */
function render(layers: Layer[]): Uint8Array {
  const out = new Uint8Array(SIZE * SIZE * 4);
  const n = SAMPLES * SAMPLES;
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0, 0]; // premultiplied
      for (let s = 0; s < n; s++) {
        const x = px + ((s % SAMPLES) + 0.5) / SAMPLES;
        const y = py + (Math.floor(s / SAMPLES) + 0.5) / SAMPLES;
        const c = [0, 0, 0, 0];
        for (const { shape, color } of layers) {
          if (shape(x, y) > 0) continue;
          const a = color[3];
          for (let k = 0; k < 3; k++) c[k] = c[k] * (1 - a) + color[k] * a;
          c[3] = c[3] * (1 - a) + a;
        }
        for (let k = 0; k < 4; k++) sum[k] += c[k];
      }
      const i = (py * SIZE + px) * 4, alpha = sum[3] / n;
      for (let k = 0; k < 3; k++) {
        out[i + k] = alpha > 0 ? Math.round(sum[k] / sum[3]) : 0;
      }
      out[i + 3] = Math.round(alpha * 255);
    }
  }
  return out;
}

// ---------- PNG encoding ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream()
    .pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function encodePng(
  rgba: Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit, RGBA, deflate, no filter, no interlace
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const row = rgba.subarray(y * width * 4, (y + 1) * width * 4);
    raw.set(row, y * (1 + width * 4) + 1); // filter byte 0 (None)
  }
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (png.set(p, at), at + p.length), 0);
  return png;
}

// ---------- pictures ----------

/** A blue bus, side view, in a white circular badge. */
export function shuttle(): Layer[] {
  const body = roundRect(10, 17, 54, 44, 6);
  const wheels = [circle(20, 44, 5.5), circle(44, 44, 5.5)];
  const windows = [
    roundRect(14, 21, 22, 30, 1.5),
    roundRect(24, 21, 32, 30, 1.5),
    roundRect(34, 21, 42, 30, 1.5),
    roundRect(45, 21, 51, 34, 1.5), // windscreen
  ];
  return [
    { shape: circle(32, 32, 31.5), color: hex("#0f172a", 0.55) },
    { shape: circle(32, 32, 30), color: WHITE },
    { shape: grow(body, 1), color: hex("#1e3a8a") },
    { shape: body, color: hex("#1d4ed8") },
    { shape: roundRect(11, 34, 53, 36, 1), color: hex("#93c5fd") },
    ...windows.map((shape) => ({ shape, color: hex("#dbeafe") })),
    { shape: circle(51, 39.5, 1.6), color: hex("#fde047") },
    ...wheels.map((w) => ({ shape: grow(w, 1.5), color: WHITE })),
    ...wheels.map((shape) => ({ shape, color: INK })),
    ...wheels.map((w) => ({ shape: grow(w, -3.3), color: hex("#9ca3af") })),
  ];
}

/** A red destination flag whose pole foot sits at the bottom centre. */
export function flag(): Layer[] {
  const wave = (t: number) => 2.5 * Math.sin(t * Math.PI * 2);
  const top: [number, number][] = [], bottom: [number, number][] = [];
  for (let i = 0; i <= 12; i++) {
    const t = i / 12, x = 32 + 26 * t;
    top.push([x, 9 + wave(t) * t]);
    bottom.unshift([x, 31 + wave(t) * t]);
  }
  const cloth = polygon([...top, ...bottom]);
  const pole = union(line(32, 9, 32, 58, 4.5), circle(32, 7, 3.5));
  const base = line(26, 58.5, 38, 58.5, 4);
  const all = union(cloth, pole, base);
  return [
    { shape: grow(all, 3.8), color: hex("#0f172a", 0.45) },
    { shape: grow(all, 2.8), color: WHITE },
    { shape: cloth, color: hex("#991b1b") },
    { shape: grow(cloth, -1.3), color: hex("#dc2626") },
    { shape: union(pole, base), color: hex("#1f2937") },
  ];
}

/** A green teardrop pin (tip at bottom centre) with a white person. */
export function person(): Layer[] {
  const cx = 32, cy = 23, r = 21, tipY = 62;
  const a = Math.acos(r / (tipY - cy)); // tangent angle from straight down
  const sx = r * Math.sin(a), sy = r * Math.cos(a);
  const pin = union(
    circle(cx, cy, r),
    polygon([[cx, tipY], [cx - sx, cy + sy], [cx, cy], [cx + sx, cy + sy]]),
  );
  const head = circle(cx, 15.5, 6.5);
  const shoulders = intersect(circle(cx, 40, 13.5), (_x, y) => y - 34);
  return [
    { shape: grow(pin, 0.8), color: hex("#ffffff", 0.8) },
    { shape: grow(pin, -0.5), color: INK },
    { shape: grow(pin, -2.5), color: hex("#16a34a") },
    { shape: union(head, shoulders), color: WHITE },
  ];
}

if (import.meta.main) {
  const pins = { shuttle, flag, person };
  for (const [name, draw] of Object.entries(pins)) {
    const png = await encodePng(render(draw()), SIZE, SIZE);
    await Deno.writeFile(`static/${name}.png`, png);
    console.log(`static/${name}.png: ${png.length} bytes`);
  }
}
