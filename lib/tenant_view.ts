/**
 * What an open rider or driver screen shows of its tenant: the
 * name in the header and the service area on the map. When an admin changes
 * either, every socket of the tenant hears `{type: "tenant", tenant}` with
 * this view, and the screen redraws without a reload.
 */
import type { ServiceArea, Tenant, TenantStatus } from "./schemas.ts";

export interface TenantView {
  code: string;
  name: string;
  status: TenantStatus;
  serviceArea: ServiceArea;
}

export function tenantView(tenant: Tenant): TenantView {
  const { lat, lng, radiusMeters, label } = tenant.serviceArea;
  return {
    code: tenant.code,
    name: tenant.name,
    status: tenant.status ?? "active",
    serviceArea: { lat, lng, radiusMeters, label },
  };
}

/** The socket message, serialised once for the whole room. */
export function tenantMessage(tenant: Tenant): string {
  return JSON.stringify({ type: "tenant", tenant: tenantView(tenant) });
}
