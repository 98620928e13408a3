/**
 * The signed-in user's corner of the tenant header (spec section 2, "Header"):
 * role badge (hidden for a rider only), name or formatted phone, photo or
 * placeholder, and a hamburger button opening the menu. Rendered on the app
 * pages only, never on /login. Signed out (and on the server) it renders
 * nothing; it follows sign-in changes (browser/auth_client.ts useSignedInUser).
 *
 * The menu is a disclosure (button with aria-expanded and aria-controls, then
 * plain links), not an ARIA menu: links keep their usual keyboard and screen
 * reader behaviour. Escape and a click outside close it.
 */
import { useEffect, useRef, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { Avatar } from "../components/Avatar.tsx";
import { loadRoles } from "../browser/load_roles.ts";
import { saveDeviceLanguage } from "../browser/language_choice.ts";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { type T, useT } from "../components/texts.tsx";
import { api, clearAuth, loginPath, type SignedInUser, useSignedInUser } from "../browser/auth_client.ts";
import { formatPhone } from "../lib/phone.ts";
import { can, type Role } from "../lib/roles.ts";

export interface UserMenuProps {
  /** null on the provider's console (/super), which is outside every tenant. */
  tenant: string | null;
}

interface MenuLink {
  label: string;
  href: string;
}

interface MenuSection {
  /** Stable in every language: names the section's heading element. */
  id: "account" | "driver" | "dispatch" | "admin";
  title: string;
  links: MenuLink[];
}

/**
 * The menu's sections for these roles (spec section 2): Account always,
 * Driver for drivers and admins, Dispatcher for dispatchers and admins (the console), Admin for admins; titles and
 * labels in `t`'s language.
 */
export function menuSections(t: T, tenant: string, roles: readonly Role[]): MenuSection[] {
  const base = `/${tenant}`;
  const admin = can(roles, "administer");
  const sections: MenuSection[] = [{
    id: "account",
    title: t("Account"),
    links: [
      { label: t("Request a Ride"), href: `${base}/rider` },
      { label: t("Profile Settings"), href: `${base}/profile` },
    ],
  }];
  if (can(roles, "drive")) {
    sections.push({
      id: "driver",
      title: t("Driver"),
      links: [{ label: t("Driver Dashboard"), href: `${base}/driver` }],
    });
  }
  if (can(roles, "dispatch")) {
    sections.push({
      id: "dispatch",
      title: t("Dispatcher"),
      links: [{ label: t("Dispatch"), href: `${base}/dispatch` }],
    });
  }
  if (admin) {
    sections.push({
      id: "admin",
      title: t("Admin"),
      links: [
        { label: t("Admin Dashboard"), href: `${base}/admin` },
        { label: t("Trips"), href: `${base}/admin/trips` },
        { label: t("Users"), href: `${base}/admin/users` },
      ],
    });
  }
  return sections;
}

/**
 * The menu on the provider's console (/super), outside every
 * tenant: the console itself, and the organizations list of /login, where
 * each of the person's organizations opens.
 */
export function consoleSections(t: T): MenuSection[] {
  return [{
    id: "account",
    title: t("Account"),
    links: [
      { label: t("Provider console"), href: "/super" },
      { label: t("Your Organizations"), href: "/login" },
    ],
  }];
}

/** The name shown for a user: their name, else their formatted phone number. */
export function displayName(user: Pick<SignedInUser, "name" | "phoneNumber">): string {
  return user.name?.trim() || formatPhone(user.phoneNumber);
}

export default function UserMenu({ tenant }: UserMenuProps) {
  // The stored user, now and whenever it changes (profile saved, signed out, another tab).
  const t = useT();
  const stored = useSignedInUser();
  const user = stored ?? null;
  const [roles, setRoles] = useState<Role[]>([]);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  /** The current path, to mark its link; read after mount (the server has no location). */
  const [here, setHere] = useState("");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useDomId();

  useEffect(() => setHere(location.pathname.replace(/\/+$/, "")), []);
  // A language chosen on this device with the footer's switch becomes the person's (browser/language_choice.ts).
  useEffect(() => void saveDeviceLanguage(), []);

  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn || tenant === null) return;
    let live = true;
    loadRoles(tenant).then((found) => {
      if (live) setRoles(found ?? []);
    });
    return () => {
      live = false;
    };
  }, [tenant, signedIn]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    // Focus moving out of the menu (Tab past its last link) closes it too.
    document.addEventListener("focusin", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onPointer);
    };
  }, [open]);

  async function logout() {
    setLeaving(true);
    try {
      await api("/api/auth/logout", { method: "POST", tenant: tenant ?? undefined });
    } catch {
      // Signing out on this device must work even when the server cannot be reached.
    }
    clearAuth();
    location.assign(loginPath(tenant ?? undefined));
  }

  if (!user) return null;
  const name = displayName(user);
  return (
    <div className="user-menu" ref={rootRef}>
      <RoleBadge roles={roles} hideRider />
      <span className="user-menu__name">{name}</span>
      <Avatar name={user.name} photoUrl={user.photoUrl} />
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("Account menu")}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          {open
            ? <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            : <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />}
        </svg>
      </button>
      <nav id={menuId} className="user-menu__panel" aria-label={t("Account")} hidden={!open}>
        <div className="user-menu__who">
          <span className="user-menu__who-name">{name}</span>
          {user.name?.trim() && <span className="user-menu__who-phone">{formatPhone(user.phoneNumber)}</span>}
        </div>
        {(tenant === null ? consoleSections(t) : menuSections(t, tenant, roles)).map((section) => (
          <div key={section.id} className="user-menu__section">
            <p className="user-menu__heading" id={`${menuId}-${section.id}`}>{section.title}</p>
            <ul aria-labelledby={`${menuId}-${section.id}`}>
              {section.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={link.href === here ? "page" : undefined}>{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <button type="button" className="user-menu__logout" onClick={logout} disabled={leaving}>
          {leaving ? t("Logging out...") : t("Logout")}
        </button>
      </nav>
    </div>
  );
}
