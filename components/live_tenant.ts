/**
 * The tenant as an open rider or driver screen shows it (issue 19): its
 * service area on the map, its name in the header and the tab's title, and
 * whether the provider has paused it (a page of a paused service is drawn
 * without the screen, so it starts "active").
 * Starts from what the page was drawn with; the socket's `{type: "tenant"}`
 * message (an admin saved new settings) redraws both without a reload.
 */
import { useCallback, useState } from "react";
import type { ServiceArea, TenantStatus } from "../lib/schemas.ts";
import type { TenantView } from "../lib/tenant_view.ts";

export function useLiveTenant(initialArea: ServiceArea) {
  const [area, setArea] = useState(initialArea);
  const [status, setStatus] = useState<TenantStatus>("active");
  const heard = useCallback((view: TenantView) => {
    setArea((held) => (sameArea(held, view.serviceArea) ? held : view.serviceArea));
    setStatus(view.status);
    showTenantName(view.name);
  }, []);
  return { area, status, heard };
}

export function sameArea(a: ServiceArea, b: ServiceArea): boolean {
  return a.lat === b.lat && a.lng === b.lng && a.radiusMeters === b.radiusMeters && a.label === b.label;
}

/** A key that changes with the area: the map is drawn afresh around a moved area. */
export function areaKey(area: ServiceArea): string {
  return `${area.lat},${area.lng},${area.radiusMeters}`;
}

/** Puts the tenant's new name in the page header ("Hopper · {name}") and at the end of the title. */
export function showTenantName(name: string): void {
  const header = document.querySelector(".brand__tenant");
  const old = header?.textContent?.replace(/^·\s*/, "");
  if (!header || !old || old === name) return;
  header.textContent = `· ${name}`;
  if (document.title.endsWith(` · ${old}`)) document.title = document.title.slice(0, -old.length) + name;
}
