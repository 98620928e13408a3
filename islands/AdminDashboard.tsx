/**
 * The Admin Dashboard (spec section 2): cards to Trips, Users, Schedule,
 * Places, Reports, Activity (the audit trail) and Settings (where the spec had "System
 * Settings" marked "Coming soon"). Behind the access guard (admin
 * required) and the admin pages' own second guard, whose texts show while
 * the guard decides and while it sends a visitor away.
 */
import type { ReactNode } from "react";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { LineIcon } from "../components/LineIcon.tsx";
import { useT } from "../components/texts.tsx";
import type { Text } from "../lib/i18n/catalogue.ts";

export { ACCESS_DENIED, AUTH_REQUIRED } from "../components/admin/AdminGuard.tsx";

/** 24px line icons, drawn in the card's colour. */
const ICONS: Record<string, ReactNode> = {
  trips: (
    <>
      <circle cx="6" cy="18" r="2.5" />
      <circle cx="18" cy="6" r="2.5" />
      <path d="M8.5 18H15a3.5 3.5 0 0 0 0-7H9a3.5 3.5 0 0 1 0-7h6.5" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.3c2.1.8 3.5 2.9 3.5 5.7" />
    </>
  ),
  schedule: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  places: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </>
  ),
  activity: (
    <>
      <path d="M3 12h4l3-7 4 14 3-7h4" />
    </>
  ),
  reports: (
    <>
      <path d="M3.5 20.5h17" />
      <path d="M6.5 17v-5M11 17V7M15.5 17v-7M20 17V4" />
    </>
  ),
};

function Icon({ name }: { name: string }) {
  return <LineIcon className="dash-card__icon" size={28}>{ICONS[name]}</LineIcon>;
}

export interface AdminDashboardProps {
  tenant: string;
}

export function adminCards(tenant: string): { title: Text; text: Text; href: string; icon: string }[] {
  return [
    { title: "Trips", text: "View all trips and track status", href: `/${tenant}/admin/trips`, icon: "trips" },
    {
      title: "Users",
      text: "View all registered users and their roles",
      href: `/${tenant}/admin/users`,
      icon: "users",
    },
    {
      title: "Schedule",
      text: "Manage shuttle schedules and routes",
      href: `/${tenant}/admin/schedule`,
      icon: "schedule",
    },
    {
      title: "Places",
      text: "Stops and landmarks riders can choose by name",
      href: `/${tenant}/admin/places`,
      icon: "places",
    },
    {
      title: "Reports",
      text: "Riders, waits and service hours, and the monthly summary",
      href: `/${tenant}/admin/reports`,
      icon: "reports",
    },
    {
      title: "Settings",
      text: "Name, service area, time zone, contacts and colour",
      href: `/${tenant}/admin/settings`,
      icon: "settings",
    },
    {
      title: "Activity",
      text: "Who changed what, newest first",
      href: `/${tenant}/admin/activity`,
      icon: "activity",
    },
  ];
}

export default function AdminDashboard({ tenant }: AdminDashboardProps) {
  return <AdminGuard tenant={tenant}>{() => <Cards tenant={tenant} />}</AdminGuard>;
}

function Cards({ tenant }: { tenant: string }) {
  const t = useT();
  return (
    <>
      <h1>{t("Admin Dashboard")}</h1>
      <ul className="dash-cards">
        {adminCards(tenant).map((card) => (
          <li key={card.href}>
            <a className="dash-card" href={card.href}>
              <Icon name={card.icon} />
              <span className="dash-card__title">{t(card.title)}</span>
              <span className="dash-card__text">{t(card.text)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
