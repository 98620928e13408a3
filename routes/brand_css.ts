/**
 * GET /brand/{rrggbb}.css: the CSS variables a brand colour sets,
 * `--brand` and `--brand-ink` (the text colour that passes 4.5:1 on it,
 * lib/tenant_settings.ts). A tenant's pages link the file of their colour
 * (server/render.tsx), so the strict CSP needs no inline style. The answer
 * depends on the path alone: cached for a year, like /build/.
 */
import { Hono } from "hono";
import { brandTextColor } from "../lib/tenant_settings.ts";

export function brandCss() {
  return new Hono().get("/brand/:file{[0-9a-fA-F]{6}\\.css}", (c) => {
    const hex = `#${c.req.param("file").slice(0, 6).toLowerCase()}`;
    return c.body(`:root{--brand:${hex};--brand-ink:${brandTextColor(hex)}}\n`, 200, {
      "content-type": "text/css; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
    });
  });
}
