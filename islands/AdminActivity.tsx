/**
 * The admin's Activity page: the tenant's audit trail in words,
 * newest first, 50 at a time ("Load more"), from GET /{t}/api/admin/audit.
 * Reached from a dashboard card, behind the admin guard.
 */
import { ActivityList } from "../components/activity/ActivityList.tsx";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { useDomId } from "../components/dom_id.ts";
import { useT } from "../components/texts.tsx";

export interface AdminActivityProps {
  tenant: string;
}

export default function AdminActivity({ tenant }: AdminActivityProps) {
  return <AdminGuard tenant={tenant}>{() => <ActivityScreen tenant={tenant} />}</AdminGuard>;
}

function ActivityScreen({ tenant }: { tenant: string }) {
  const t = useT();
  const id = useDomId();
  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <AdminNav tenant={tenant} />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t("Activity")}</h1>
      </div>
      <p className="muted">{t("Who changed what, newest first")}</p>
      <ActivityList path={`/${tenant}/api/admin/audit`} tenant={tenant} />
    </section>
  );
}
