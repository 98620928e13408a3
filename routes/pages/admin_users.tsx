import { AppLayout, tenantAndZone } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminUsers from "../../islands/AdminUsers.tsx";

/** /{tenant}/admin/users: the island holds the access guard, the admin guard and the users list. */
export function AdminUsersPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site} wide>
      <Island name="AdminUsers" component={AdminUsers} props={tenantAndZone(site)} />
    </AppLayout>
  );
}
