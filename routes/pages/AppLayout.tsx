/**
 * The frame of the signed-in tenant pages (rider, driver, profile, admin):
 * the tenant Layout with the UserMenu island in the header's account slot.
 */
import type { ReactNode } from "react";
import UserMenu from "../../islands/UserMenu.tsx";
import { Island } from "../../components/Island.tsx";
import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";

/** The tenant code of a tenant page's site. */
export function tenantCodeOf(site: Site): string {
  if (!site.tenant) throw new Error("The signed-in pages exist only under a tenant");
  return site.tenant.code;
}

/** What an island listing the tenant's records by time takes: the tenant's code and time zone. */
export function tenantAndZone(site: Site): { tenant: string; timeZone: string | undefined } {
  return { tenant: tenantCodeOf(site), timeZone: site.tenant?.timeZone };
}

/** `wide`: the full container width, for tables (the admin console); otherwise a reading column. */
export function AppLayout({ site, wide = false, children }: { site: Site; wide?: boolean; children: ReactNode }) {
  const tenant = tenantCodeOf(site);
  return (
    <Layout site={site} wide={wide} account={<Island name="UserMenu" component={UserMenu} props={{ tenant }} />}>
      {children}
    </Layout>
  );
}
