/**
 * The home-screen icons of the web app: the Hopper mark of
 * components/Logo.tsx and static/favicon.svg, drawn in pixels on a tenant's
 * brand colour, then encoded as PNG by the photo pipeline's encoder. The
 * mark is a few rounded rectangles and circles, so it is drawn here directly
 * (4 × 4 samples a pixel for smooth edges) rather than through an SVG
 * renderer the server does not have.
 *
 * - "any": the mark as it is, a rounded tile with transparent corners.
 * - "maskable": the tile's colour to every edge, the shuttle shrunk into the
 *   middle 80% circle that every launcher's mask keeps (the W3C safe zone).
 *
 * A tenant with a logo gets its logo instead (logoIconPng), fitted whole in
 * the middle of a white tile of the same two shapes: logos are drawn for a
 * light page (the header shows them on white), not for the brand colour.
 */
import { brandTextColor, DEFAULT_BRAND, INK, WHITE } from "../tenant_settings.ts";
import { encodePng, resizeTo } from "./codecs.ts";
import type { Rgba } from "./pixels.ts";

export type IconPurpose = "any" | "maskable";

/** A shape in the mark's 32 × 32 grid: inside(x, y) for a point of that grid. */
interface Shape {
  color: string;
  inside(x: number, y: number): boolean;
}

function roundedRect(x: number, y: number, w: number, h: number, r: number, color: string): Shape {
  return {
    color,
    inside(px, py) {
      if (px < x || py < y || px > x + w || py > y + h) return false;
      const dx = Math.max(x + r - px, 0, px - (x + w - r));
      const dy = Math.max(y + r - py, 0, py - (y + h - r));
      return dx * dx + dy * dy <= r * r;
    },
  };
}

function circle(cx: number, cy: number, r: number, color: string): Shape {
  return { color, inside: (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r };
}

/** The tile: a rounded square, or for a maskable icon a square to the edges. */
function tile(color: string, purpose: IconPurpose): Shape {
  return roundedRect(0, 0, 32, 32, purpose === "maskable" ? 0 : 8, color);
}

/** The mark's parts in painting order, as in components/Logo.tsx: the tile, the body, three windows, two wheels. */
export function markShapes(brand: string, purpose: IconPurpose): Shape[] {
  // The body takes the colour text takes on the brand (white on the Hopper blue), so it shows on any brand colour.
  const body = brandTextColor(brand);
  const wheelRim = body === WHITE ? WHITE : brand;
  return [
    tile(brand, purpose),
    roundedRect(6, 9, 20, 12, 3, body),
    roundedRect(8.5, 11.5, 4, 3.5, 1, brand),
    roundedRect(14, 11.5, 4, 3.5, 1, brand),
    roundedRect(19.5, 11.5, 4, 3.5, 1, brand),
    // A wheel is an ink disc with a 1.2 rim: a rim-coloured disc, then the ink one inside it.
    circle(11, 22, 3.2, wheelRim),
    circle(11, 22, 2, INK),
    circle(21, 22, 3.2, wheelRim),
    circle(21, 22, 2, INK),
  ];
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** How much the shuttle is shrunk on a maskable icon: its far corner then sits at 33% of the size from the centre. */
const MASKABLE_SCALE = 0.8;
const SAMPLES = 4;

/** The mark as `size` × `size` RGBA pixels. */
export function drawMark(size: number, brand: string = DEFAULT_BRAND, purpose: IconPurpose = "any"): Rgba {
  return draw(size, markShapes(brand, purpose), purpose);
}

/** `parts` as `size` × `size` RGBA pixels: the first at full size, the others shrunk on a maskable icon. */
function draw(size: number, parts: Shape[], purpose: IconPurpose): Rgba {
  const shapes = parts.map((s) => ({ inside: s.inside, rgb: rgb(s.color) }));
  const unit = 32 / size;
  /** The topmost shape at a point of the pixel grid (-1: none). */
  const top = (px: number, py: number) => {
    const x = px * unit, y = py * unit;
    // The tile is drawn at full size; the shuttle on a maskable icon is drawn smaller about the centre.
    const [ix, iy] = purpose === "maskable" ? [16 + (x - 16) / MASKABLE_SCALE, 16 + (y - 16) / MASKABLE_SCALE] : [x, y];
    for (let i = shapes.length - 1; i > 0; i--) if (shapes[i].inside(ix, iy)) return i;
    return shapes[0].inside(x, y) ? 0 : -1;
  };
  // Every shape is convex and wider than a pixel: where a pixel's four corners meet the same shape, so does the
  // whole pixel, and only the pixels on an edge need their samples.
  const corners = new Int8Array((size + 1) * (size + 1));
  for (let y = 0; y <= size; y++) for (let x = 0; x <= size; x++) corners[y * (size + 1) + x] = top(x, y);
  const data = new Uint8ClampedArray(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const c = corners[py * (size + 1) + px];
      const same = c === corners[py * (size + 1) + px + 1] && c === corners[(py + 1) * (size + 1) + px] &&
        c === corners[(py + 1) * (size + 1) + px + 1];
      let r = 0, g = 0, b = 0, a = 0;
      const samples = same ? 1 : SAMPLES;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const i = same ? c : top(px + (sx + 0.5) / samples, py + (sy + 0.5) / samples);
          if (i < 0) continue;
          r += shapes[i].rgb[0];
          g += shapes[i].rgb[1];
          b += shapes[i].rgb[2];
          a++;
        }
      }
      const o = (py * size + px) * 4;
      if (a) {
        data[o] = Math.round(r / a);
        data[o + 1] = Math.round(g / a);
        data[o + 2] = Math.round(b / a);
        data[o + 3] = Math.round((a / (samples * samples)) * 255);
      }
    }
  }
  return { width: size, height: size, data };
}

/** How much of the icon's side a logo may take: most of the tile, or the safe zone's square on a maskable icon. */
const LOGO_SHARE: Record<IconPurpose, number> = { any: 0.76, maskable: 0.56 };

/** A tenant's logo (its decoded pixels) as a `size` icon: fitted whole, centred, on a white tile. */
export async function logoIcon(logo: Rgba, size: number, purpose: IconPurpose = "any"): Promise<Rgba> {
  const box = size * LOGO_SHARE[purpose];
  const scale = Math.min(box / logo.width, box / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const art = await resizeTo(logo, width, height);
  const icon = draw(size, [tile(WHITE, purpose)], purpose);
  const left = Math.floor((size - width) / 2);
  const top = Math.floor((size - height) / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = ((top + y) * size + left + x) * 4;
      // The logo over the white tile (which is opaque where the logo sits).
      const a = art.data[from + 3] / 255;
      for (let c = 0; c < 3; c++) icon.data[to + c] = art.data[from + c] * a + icon.data[to + c] * (1 - a);
    }
  }
  return icon;
}

/** A tenant's logo icon as PNG bytes. */
export async function logoIconPng(logo: Rgba, size: number, purpose: IconPurpose = "any"): Promise<Uint8Array> {
  return encodePng(await logoIcon(logo, size, purpose));
}

/** The icon as PNG bytes. */
export function appIconPng(
  size: number,
  brand: string = DEFAULT_BRAND,
  purpose: IconPurpose = "any",
): Promise<Uint8Array> {
  return encodePng(drawMark(size, brand, purpose));
}
