/** What every page needs to know about where it is rendered. */
export interface Site {
  /** "" on the public site, "/{code}" under a tenant: prefix for its own links. */
  base: string;
  /** Set on tenant pages. */
  tenant?: { code: string; name: string };
  year: number;
  contactEmail: string;
}

export const PRODUCT = "Hopper";
