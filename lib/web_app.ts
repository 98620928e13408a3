/**
 * The installable web app: what a tenant's web app manifest says,
 * and its icons' files. One manifest per tenant at /{tenant}/manifest.webmanifest
 * (start at the rider screen, scope the tenant's paths, the brand colour);
 * the public site's, for Hopper itself, at /manifest.webmanifest.
 */
import { DEFAULT_BRAND } from "./tenant_settings.ts";
import type { IconPurpose } from "./images/app_icon.ts";

/** The pages' theme colour without a brand colour (server/render.tsx's theme-color). */
export const DEFAULT_THEME = "#1e3a8a";

/** The icon files each manifest lists, under {base}/icons/. */
export const APP_ICONS: Readonly<Record<string, { size: number; purpose: IconPurpose }>> = {
  "icon-192.png": { size: 192, purpose: "any" },
  "icon-512.png": { size: 512, purpose: "any" },
  "icon-maskable-512.png": { size: 512, purpose: "maskable" },
};

/** The Hono pattern of the icons' path, under "" or "/{tenant}". */
export const APP_ICON_ROUTE = "/icons/:file{icon-(?:192|512|maskable-512)\\.png}";

/**
 * `?v=` of the icons: the colour they are drawn in, and the logo's hash when they show the tenant's logo, so a new
 * colour or logo is a new URL.
 */
export const iconVersion = (brand: string, logo?: string | null) =>
  brand.slice(1).toLowerCase() + (logo ? `-${logo}` : "");

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: "ltr";
  start_url: string;
  scope: string;
  display: "standalone";
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: "image/png"; purpose: IconPurpose }[];
}

/**
 * A manifest. `base` is "/{tenant}" (start at its rider screen, scope its own paths) or "" for the public site
 * (start at the sign-in, which leads to a person's organisation).
 */
export function webAppManifest(
  { base, name, shortName, description, lang, brand, logo }: {
    base: string;
    name: string;
    shortName: string;
    description: string;
    lang: string;
    /** The tenant's brand colour, when it chose one: the theme and the icons' tile. */
    brand?: string;
    /** The hash of the tenant's logo, when it has one: the icons show it. */
    logo?: string;
  },
): WebAppManifest {
  const start = base ? `${base}/rider` : "/login";
  return {
    id: start,
    name,
    short_name: shortName,
    description,
    lang,
    dir: "ltr",
    start_url: start,
    scope: `${base}/`,
    display: "standalone",
    theme_color: brand ?? DEFAULT_THEME,
    background_color: "#ffffff",
    icons: Object.entries(APP_ICONS).map(([file, { size, purpose }]) => ({
      src: `${base}/icons/${file}?v=${iconVersion(brand ?? DEFAULT_BRAND, logo)}`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  };
}
