/**
 * Admin Users (spec section 2): count tiles, search, role filter,
 * the list, the Manage Roles modal and, for super admins, Delete, which
 * removes the user from this tenant (DELETE /{tenant}/api/user/{id}).
 * Add person (POST /{tenant}/api/users) and Block / Unblock
 * (PUT /{tenant}/api/users/{id}/blocked), blocked people marked "Blocked".
 * Riders' no-shows and pauses, with Lift pause
 * (DELETE /{tenant}/api/users/{id}/suspension), and drivers' ratings.
 * A member whose number strangers locked with wrong codes is marked "Sign-in
 * locked", with Unlock sign-in (DELETE /{tenant}/api/users/{id}/sign-in-lock).
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { StatTiles } from "../components/admin/StatTiles.tsx";
import { usersLoadError } from "../components/admin/texts.ts";
import { DeleteDialog, RolesDialog } from "../components/admin/UserDialogs.tsx";
import { type AdminUser, userName, UsersTable } from "../components/admin/UsersTable.tsx";
import { Loading } from "../components/Guard.tsx";
import { useT } from "../components/texts.tsx";
import { api, ApiError } from "../browser/auth_client.ts";
import { AddPersonDialog } from "../components/admin/AddPersonDialog.tsx";
import type { Text } from "../lib/i18n/catalogue.ts";
import { formatPhone } from "../lib/phone.ts";
import type { Role, TenantRole } from "../lib/roles.ts";

export interface AdminUsersProps {
  tenant: string;
  /** The tenant's time zone: the day each user joined is the day there (the browser's own when absent). */
  timeZone?: string;
}

export type RoleFilter = "all" | TenantRole;
export const ROLE_FILTERS: { value: RoleFilter; label: Text }[] = [
  { value: "all", label: "All" },
  { value: "rider", label: "Riders" },
  { value: "driver", label: "Drivers" },
  { value: "admin", label: "Admins" },
];

/** Spec section 2: name, phone or email, case-insensitive; a phone matches by its digits however it is typed. */
export function matchesSearch(user: AdminUser, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (user.name?.toLowerCase().includes(q) || user.email?.toLowerCase().includes(q)) return true;
  const digits = q.replace(/\D/g, "");
  if (digits && /^[\d\s()+.-]+$/.test(q) && user.phoneNumber.replace(/\D/g, "").includes(digits)) return true;
  return formatPhone(user.phoneNumber).toLowerCase().includes(q);
}

/** Admins count super admins too: both run the console. */
export function hasRole(user: Pick<AdminUser, "roles">, role: TenantRole): boolean {
  return user.roles.includes(role) || (role === "admin" && user.roles.includes("super"));
}

export default function AdminUsers({ tenant, timeZone }: AdminUsersProps) {
  return (
    <AdminGuard tenant={tenant}>
      {(roles) => <UsersScreen tenant={tenant} timeZone={timeZone} viewerRoles={roles} />}
    </AdminGuard>
  );
}

type Phase = "loading" | "ready" | "error";
type Dialog = { kind: "roles"; user: AdminUser } | { kind: "delete"; user: AdminUser } | { kind: "add" } | null;

function UsersScreen({ tenant, timeZone, viewerRoles }: AdminUsersProps & { viewerRoles: Role[] }) {
  const t = useT();
  const viewerIsSuper = viewerRoles.includes("super");
  const id = useDomId();
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [phase, setPhase] = useState<Phase>("loading");
  const [error, setError] = useState("");
  const [query, setQuery] = useState("");
  const [roleFilter, setRoleFilter] = useState<RoleFilter>("all");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  const [blocking, setBlocking] = useState<string | null>(null);

  const load = useCallback(async ({ quiet = false } = {}) => {
    if (!quiet) setPhase("loading");
    try {
      const data = await api<{ users?: AdminUser[] } | AdminUser[]>(`/${tenant}/api/users`, { tenant });
      // Spec section 7: "users array, or a bare array".
      const list = Array.isArray(data) ? data : Array.isArray(data?.users) ? data.users : [];
      setUsers(list);
      setPhase("ready");
    } catch (err) {
      if (quiet) return;
      setError(usersLoadError(err, t));
      setPhase("error");
    }
  }, [tenant, t]);

  useEffect(() => {
    load();
  }, [load]);

  const shown = useMemo(
    () => users.filter((u) => matchesSearch(u, query) && (roleFilter === "all" || hasRole(u, roleFilter))),
    [users, query, roleFilter],
  );
  const tiles = [
    { key: "total", label: t("Total Users"), count: users.length, tone: "neutral" },
    { key: "rider", label: t("Riders"), count: users.filter((u) => hasRole(u, "rider")).length, tone: "completed" },
    { key: "driver", label: t("Drivers"), count: users.filter((u) => hasRole(u, "driver")).length, tone: "accepted" },
    { key: "admin", label: t("Admins"), count: users.filter((u) => hasRole(u, "admin")).length, tone: "super" },
  ];
  const filtering = query.trim() !== "" || roleFilter !== "all";

  const changed = (user: AdminUser, roles: Role[]) => {
    setUsers((list) => list.map((u) => (u.id === user.id ? { ...u, roles } : u)));
    setDialog((
      d,
    ) => (d?.kind === "roles" && d.user.id === user.id ? { kind: "roles", user: { ...d.user, roles } } : d));
    // A new driver's status is availability, not rides: read the list again for it.
    load({ quiet: true });
  };
  const removed = (user: AdminUser) => {
    setUsers((list) => list.filter((u) => u.id !== user.id));
    setDialog(null);
    setNotice(t("{name} was removed from this organization.", { name: userName(user, t) }));
  };

  const added = (user: AdminUser) => {
    setUsers((list) => [...list, user]);
    setDialog(null);
    setNotice(t("{name} was added.", { name: userName(user, t) }));
  };
  async function toggleBlock(user: AdminUser) {
    const blocked = !user.blocked;
    setNotice("");
    setFailure("");
    setBlocking(user.id);
    try {
      const answer = await api<{ user: AdminUser }>(`/${tenant}/api/users/${user.id}/blocked`, {
        method: "PUT",
        body: { blocked },
        tenant,
      });
      setUsers((list) => list.map((u) => (u.id === user.id ? answer.user : u)));
      const name = userName(user, t);
      setNotice(blocked ? t("{name} was blocked.", { name }) : t("{name} was unblocked.", { name }));
    } catch (err) {
      setFailure((err instanceof ApiError && err.serverError) || t("Failed to change access"));
    } finally {
      setBlocking(null);
    }
  }

  /** The rider may request again; only no-shows from now on count. */
  async function liftPause(user: AdminUser) {
    setNotice("");
    setFailure("");
    setBlocking(user.id);
    try {
      await api(`/${tenant}/api/users/${user.id}/suspension`, { method: "DELETE", tenant });
      setUsers((list) => list.map((u) => (u.id === user.id ? { ...u, noShows: 0, suspendedUntil: null } : u)));
      setNotice(t("{name} may request rides again.", { name: userName(user, t) }));
    } catch (err) {
      setFailure((err instanceof ApiError && err.serverError) || t("Failed to lift the pause"));
    } finally {
      setBlocking(null);
    }
  }

  /** Lets a member whose number strangers locked sign in again (audited by the server). */
  async function unlockSignIn(user: AdminUser) {
    setNotice("");
    setFailure("");
    setBlocking(user.id);
    try {
      await api(`/${tenant}/api/users/${user.id}/sign-in-lock`, { method: "DELETE", tenant });
      setUsers((list) => list.map((u) => (u.id === user.id ? { ...u, signInLocked: false } : u)));
      setNotice(t("{name} can sign in again.", { name: userName(user, t) }));
    } catch (err) {
      setFailure((err instanceof ApiError && err.serverError) || t("Failed to unlock the sign-in"));
    } finally {
      setBlocking(null);
    }
  }

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <AdminNav tenant={tenant} current="users" />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t("Users")}</h1>
        {phase === "ready" && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setNotice("");
              setDialog({ kind: "add" });
            }}
          >
            {t("Add person")}
          </button>
        )}
      </div>
      {phase === "loading" && <Loading text={t("Loading users...")} />}
      {phase === "error" && <p className="notice notice--error" role="alert">{error}</p>}
      {phase === "ready" && (
        <>
          <StatTiles label={t("Users by role")} tiles={tiles} />
          <div className="admin-toolbar">
            <div className="admin-toolbar__field admin-toolbar__field--grow">
              <label htmlFor={`${id}-search`}>{t("Search")}</label>
              <input
                id={`${id}-search`}
                type="search"
                placeholder={t("Name, phone or email")}
                autoComplete="off"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
            <div className="admin-toolbar__field">
              <label htmlFor={`${id}-role`}>{t("Role")}</label>
              <select
                id={`${id}-role`}
                value={roleFilter}
                onChange={(e) => setRoleFilter(e.target.value as RoleFilter)}
              >
                {ROLE_FILTERS.map((f) => <option key={f.value} value={f.value}>{t(f.label)}</option>)}
              </select>
            </div>
          </div>
          {notice && <p className="notice notice--success" role="status">{notice}</p>}
          {failure && <p className="notice notice--error" role="alert">{failure}</p>}
          <h2 className="admin-list-title">{t("Users ({count})", { count: shown.length })}</h2>
          {shown.length === 0
            ? (
              <p className="empty-state">
                {filtering ? t("No users match your search criteria.") : t("No users found.")}
              </p>
            )
            : (
              <UsersTable
                users={shown}
                timeZone={timeZone}
                viewerIsSuper={viewerIsSuper}
                onManage={(user) => {
                  setNotice("");
                  setDialog({ kind: "roles", user });
                }}
                onDelete={(user) => {
                  setNotice("");
                  setDialog({ kind: "delete", user });
                }}
                onBlock={toggleBlock}
                blocking={blocking}
                onLift={liftPause}
                onUnlock={unlockSignIn}
              />
            )}
        </>
      )}
      {dialog?.kind === "roles" && (
        <RolesDialog
          tenant={tenant}
          user={dialog.user}
          onChanged={changed}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "add" && (
        <AddPersonDialog
          tenant={tenant}
          viewerIsSuper={viewerIsSuper}
          onAdded={added}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          tenant={tenant}
          user={dialog.user}
          onDeleted={removed}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
