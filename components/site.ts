/** What every page needs to know about where it is rendered. */
import type { Lang } from "../lib/i18n/lang.ts";

export interface Site {
  /** The page's language. */
  lang: Lang;
  /** The page's own path, for the language switch to return to. */
  path: string;
  /** "" on the public site, "/{code}" under a tenant: prefix for its own links. */
  base: string;
  /** Set on tenant pages. */
  tenant?: {
    code: string;
    name: string;
    /** IANA name: dates and times on its pages are in its time. */
    timeZone: string;
    /** #rrggbb its pages wear, when it chose one. */
    brandColor?: string;
    /** How riders reach the organisation itself, on its contact page; absent until set. */
    contactEmail?: string;
    contactPhone?: string;
    /** Its logo, shown in the header instead of the Hopper mark; absent until set. */
    logo?: { url: string; width: number; height: number };
    /** Suspended by the provider: the rider and driver pages say the service is paused. */
    paused?: boolean;
    /** Only people an admin added may join: its login page says so, to anyone (it tells nobody who belongs). */
    inviteOnly?: boolean;
    /** The dispatcher plans rides into vehicles (lib/dispatch_settings.ts): the admin screens show vehicles and plans. */
    automatic?: boolean;
  };
  year: number;
  contactEmail: string;
}

export const PRODUCT = "Hopper";
