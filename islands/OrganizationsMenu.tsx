import { useEffect, useState } from "react";
import { api, clearAuth, useSignedInUser } from "../browser/auth_client.ts";
import { useDomId } from "../components/dom_id.ts";
import { useT } from "../components/texts.tsx";

export interface OrganizationsMenuProps {
  /**
   * Called once the visitor is signed out (by this menu's Logout or anywhere
   * else). Without it the menu offers a Login link instead, as the global
   * header menu does for a visitor who is not signed in.
   */
  onSignedOut?: () => void;
}

/**
 * The global menu's content (spec section 2, "Global header menu"): the
 * signed-in user's organizations, each linking to its rider page with the
 * user's roles there, and Logout. The user is read from localStorage after
 * mount (the server renders "Loading tenants...") and re-read whenever the
 * sign-in state changes in this page or another tab.
 */
export default function OrganizationsMenu({ onSignedOut }: OrganizationsMenuProps) {
  const t = useT();
  /** undefined: not read yet; null: signed out. */
  const user = useSignedInUser();
  const titleId = useDomId();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (user === null) onSignedOut?.();
  }, [user, onSignedOut]);

  async function logout() {
    setLeaving(true);
    try {
      await api("/api/auth/logout", { method: "POST" });
    } catch {
      // The server could not end the session (offline, already expired): sign out here all the same.
    }
    clearAuth();
    setLeaving(false);
  }

  if (user === null) {
    return onSignedOut ? null : <a className="button" href="/login">{t("Login")}</a>;
  }

  const tenants = user?.tenants ?? [];
  return (
    <section className="orgs" aria-labelledby={titleId}>
      <h2 id={titleId} className="orgs__title">{t("Your Organizations")}</h2>
      {user === undefined
        ? <p className="muted" role="status">{t("Loading tenants...")}</p>
        : tenants.length === 0
        ? <p className="muted">{t("No organizations found")}</p>
        : (
          <ul className="orgs__list">
            {tenants.map((tenant) => (
              <li key={tenant.code}>
                <a className="orgs__link" href={`/${tenant.code}/rider`}>
                  <span className="orgs__name">{tenant.name}</span>
                  <span className="orgs__roles">
                    {/* The role codes in English ("rider, driver"), words in Spanish. */}
                    {tenant.roles.map((role) => t(role)).join(", ")}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      <button
        type="button"
        className="button button--secondary orgs__logout"
        onClick={logout}
        disabled={leaving || user === undefined}
      >
        {leaving ? t("Logging out...") : t("Logout")}
      </button>
    </section>
  );
}
