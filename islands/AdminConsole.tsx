/**
 * The provider's console at /super, for super admins: the
 * organisations (search, pause and resume, create), the contact-form inbox
 * (its unhandled count in the navigation), the numbers locked to sign-in
 * with their Unlock, and every tenant's activity. Anyone else is sent to "/"
 * (no token, or GET /api/super/tenants answering 403); a 401 goes to the
 * login page (browser/auth_client.ts).
 * Named Admin* so it builds in the staff graph (scripts/build.ts).
 */
import { useCallback, useEffect, useState } from "react";
import { ActivityList } from "../components/activity/ActivityList.tsx";
import { Loading } from "../components/Guard.tsx";
import { CreateTenantForm } from "../components/super/CreateTenantForm.tsx";
import { InquiriesList } from "../components/super/InquiriesList.tsx";
import { LockedNumbers } from "../components/super/LockedNumbers.tsx";
import { useInquiries } from "../components/super/use_inquiries.ts";
import { TenantsTable } from "../components/super/TenantsTable.tsx";
import type { Reload, TenantRow } from "../components/super/types.ts";
import { useT } from "../components/texts.tsx";
import { api, ApiError, MissingTokenError } from "../browser/auth_client.ts";
import type { Text } from "../lib/i18n/catalogue.ts";

type Section = "organisations" | "inquiries" | "locks" | "activity";
const SECTIONS: { key: Section; label: Text }[] = [
  { key: "organisations", label: "Organizations" },
  { key: "inquiries", label: "Inquiries" },
  { key: "locks", label: "Sign-in locks" },
  { key: "activity", label: "Activity" },
];

export interface AdminConsoleProps {
  /** The street map's style (lib/config.ts MAP_STYLE_URL); null draws the static map. */
  mapStyleUrl: string | null;
}

export default function AdminConsole({ mapStyleUrl }: AdminConsoleProps) {
  const t = useT();
  const [phase, setPhase] = useState<"loading" | "ready" | "error">("loading");
  const [tenants, setTenants] = useState<TenantRow[]>([]);
  const [section, setSection] = useState<Section>("organisations");

  const reload = useCallback(async () => {
    const rows = await api<TenantRow[]>("/api/super/tenants", { requireToken: true });
    setTenants(Array.isArray(rows) ? rows : []);
  }, []);

  useEffect(() => {
    reload().then(() => setPhase("ready"), (err) => {
      if (err instanceof MissingTokenError || (err instanceof ApiError && err.status === 403)) location.replace("/");
      else if (!(err instanceof ApiError && err.status === 401)) setPhase("error");
    });
  }, [reload]);

  if (phase === "loading") return <Loading text={t("Loading organizations...")} />;
  if (phase === "error") {
    return <p className="notice notice--error" role="alert">{t("The organizations could not be loaded.")}</p>;
  }
  return (
    <Console tenants={tenants} reload={reload} section={section} setSection={setSection} mapStyleUrl={mapStyleUrl} />
  );
}

function Console({ tenants, reload, section, setSection, mapStyleUrl }: {
  mapStyleUrl: string | null;
  tenants: TenantRow[];
  reload: Reload;
  section: Section;
  setSection: (s: Section) => void;
}) {
  const t = useT();
  // Read once the API has let the caller in: the navigation shows how many are unhandled.
  const inbox = useInquiries();
  return (
    <section className="admin-page">
      <h1>{t("Provider console")}</h1>
      <nav className="admin-nav" aria-label={t("Provider console")}>
        <ul className="admin-nav__tabs">
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <button
                type="button"
                className="admin-nav__tab"
                aria-pressed={section === s.key}
                onClick={() => setSection(s.key)}
              >
                {t(s.label)}
                {s.key === "inquiries" && inbox.unhandled > 0 && (
                  <>
                    {" "}
                    <span className="admin-nav__count">
                      {inbox.unhandled}
                      <span className="visually-hidden">{` ${t("unhandled")}`}</span>
                    </span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {section === "organisations" && (
        <section aria-label={t("Organizations")}>
          <TenantsTable tenants={tenants} onChanged={reload} />
          <CreateTenantForm onCreated={reload} mapStyleUrl={mapStyleUrl} />
        </section>
      )}
      {section === "inquiries" && (
        <section aria-label={t("Inquiries")}>
          <InquiriesList inbox={inbox} />
        </section>
      )}
      {section === "locks" && (
        <section aria-label={t("Sign-in locks")}>
          <LockedNumbers />
        </section>
      )}
      {section === "activity" && (
        <section aria-label={t("Activity")}>
          <ActivityList path="/api/super/audit" showTenant />
        </section>
      )}
    </section>
  );
}
