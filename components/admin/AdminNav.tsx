/** The admin pages' own navigation: back to the dashboard and across Trips, Users, Schedule, Places, Vehicles, Reports. */
import type { Text } from "../../lib/i18n/catalogue.ts";
import { useT } from "../texts.tsx";

export type AdminSection = "trips" | "users" | "schedule" | "places" | "vehicles" | "reports";

const SECTIONS: { key: AdminSection; label: Text }[] = [
  { key: "trips", label: "Trips" },
  { key: "users", label: "Users" },
  { key: "schedule", label: "Schedule" },
  { key: "places", label: "Places" },
  { key: "vehicles", label: "Vehicles" },
  { key: "reports", label: "Reports" },
];

/** `current`: the tab of this page; none for a page reached from the dashboard only (Settings). */
export function AdminNav({ tenant, current }: { tenant: string; current?: AdminSection }) {
  const t = useT();
  return (
    <nav className="admin-nav" aria-label={t("Admin")}>
      <a className="admin-nav__back" href={`/${tenant}/admin`}>
        <span aria-hidden="true">←</span> {t("Admin Dashboard")}
      </a>
      <ul className="admin-nav__tabs">
        {SECTIONS.map((s) => (
          <li key={s.key}>
            <a href={`/${tenant}/admin/${s.key}`} aria-current={s.key === current ? "page" : undefined}>
              {t(s.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
