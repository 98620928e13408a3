/**
 * The tenant as an open rider or driver screen shows it: its
 * service area on the map, its name in the header and the tab's title, and
 * whether the provider has paused it (a page of a paused service is drawn
 * without the screen, so it starts "active"). Starts from what the page was
 * drawn with; the socket's `{type: "tenant"}` message, sent only when one of
 * these changed (an admin saved new settings), redraws them without a reload.
 */
import { useCallback, useState } from "react";
import type { ServiceArea, TenantStatus } from "../lib/schemas.ts";
import type { TenantView } from "../lib/tenant_view.ts";

export function useLiveTenant(initialArea: ServiceArea) {
  const [area, setArea] = useState(initialArea);
  const [status, setStatus] = useState<TenantStatus>("active");
  const heard = useCallback((view: TenantView) => {
    setArea(view.serviceArea);
    setStatus(view.status);
    showTenantName(view.name);
  }, []);
  return { area, status, heard };
}

/** A key that changes with the area's place and size: the map is drawn afresh around a moved area. */
export function areaKey(area: ServiceArea): string {
  return `${area.lat},${area.lng},${area.radiusMeters}`;
}

/** Puts the tenant's new name in the page header ("Hopper · {name}") and in the title ("… · {name}"). */
export function showTenantName(name: string): void {
  const header = document.querySelector(".brand__tenant");
  const old = header?.textContent?.slice(2);
  if (!header || !old) return;
  header.textContent = `· ${name}`;
  document.title = document.title.replace(` · ${old}`, ` · ${name}`);
}
