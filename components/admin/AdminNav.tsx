/** The admin pages' own navigation: back to the dashboard and across Trips, Users, Schedule. */
export type AdminSection = "trips" | "users" | "schedule";

const SECTIONS: { key: AdminSection; label: string }[] = [
  { key: "trips", label: "Trips" },
  { key: "users", label: "Users" },
  { key: "schedule", label: "Schedule" },
];

export function AdminNav({ tenant, current }: { tenant: string; current: AdminSection }) {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <a className="admin-nav__back" href={`/${tenant}/admin`}>
        <span aria-hidden="true">←</span> Admin Dashboard
      </a>
      <ul className="admin-nav__tabs">
        {SECTIONS.map((s) => (
          <li key={s.key}>
            <a href={`/${tenant}/admin/${s.key}`} aria-current={s.key === current ? "page" : undefined}>{s.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
