/**
 * The users screen's two dialogs (spec section 2, "Admin Users"): Manage
 * Roles (Rider, Driver, Admin, each Add or Remove; Cancel closes) and Delete
 * User (super admins only; "This action cannot be undone.").
 */
import { useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { formatPhone } from "../../lib/phone.ts";
import { type Role, TENANT_ROLES, type TenantRole } from "../../lib/roles.ts";
import { ROLE_LABELS } from "../RoleBadge.tsx";
import { useT } from "../texts.tsx";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { Modal } from "./Modal.tsx";
import { roleChangeError, userDeleteError } from "./texts.ts";
import { type AdminUser, userName } from "./UsersTable.tsx";

export const DELETE_WARNING: Text = "This action cannot be undone.";

export function RolesDialog(
  { tenant, user, onChanged, onClose }: {
    tenant: string;
    user: AdminUser;
    onChanged: (user: AdminUser, roles: Role[]) => void;
    onClose: () => void;
  },
) {
  const t = useT();
  const [busy, setBusy] = useState<TenantRole | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");

  async function toggle(role: TenantRole) {
    const add = !user.roles.includes(role);
    setBusy(role);
    setError("");
    setDone("");
    try {
      const path = add ? `/${tenant}/api/user/${user.id}/roles` : `/${tenant}/api/user/${user.id}/roles?role=${role}`;
      const answer = await api<{ roles?: Role[] }>(path, {
        method: add ? "POST" : "DELETE",
        body: add ? { role } : undefined,
        tenant,
      });
      const roles = Array.isArray(answer?.roles)
        ? answer.roles
        : add
        ? [...user.roles, role]
        : user.roles.filter((r) => r !== role);
      onChanged(user, roles);
      const values = { role: t(ROLE_LABELS[role]) };
      setDone(add ? t("{role} role added.", values) : t("{role} role removed.", values));
    } catch (err) {
      setError(roleChangeError(err, add, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      title={t("Manage Roles")}
      busy={busy !== null}
      onClose={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy !== null}>
          {t("Cancel")}
        </button>
      }
    >
      <p className="modal__subject">{userName(user, t)}</p>
      <ul className="role-list">
        {TENANT_ROLES.map((role) => {
          const has = user.roles.includes(role);
          const values = { role: t(ROLE_LABELS[role]) };
          return (
            <li key={role} className="role-list__item">
              <span className="role-list__name">
                {t(ROLE_LABELS[role])}
                <span className="role-list__state">{has ? t("Has this role") : t("Not assigned")}</span>
              </span>
              <button
                type="button"
                className={has ? "button button--danger-outline button--small" : "button button--small"}
                aria-label={has ? t("Remove {role} role", values) : t("Add {role} role", values)}
                onClick={() => toggle(role)}
                disabled={busy !== null}
                data-autofocus={role === "rider" ? true : undefined}
              >
                {busy === role ? t("Saving...") : has ? t("Remove") : t("Add")}
              </button>
            </li>
          );
        })}
      </ul>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {done && <p className="notice notice--success" role="status">{done}</p>}
    </Modal>
  );
}

export function DeleteDialog(
  { tenant, user, onDeleted, onClose }: {
    tenant: string;
    user: AdminUser;
    onDeleted: (user: AdminUser) => void;
    onClose: () => void;
  },
) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function confirm() {
    setBusy(true);
    setError("");
    try {
      await api(`/${tenant}/api/user/${user.id}`, { method: "DELETE", tenant });
      onDeleted(user);
    } catch (err) {
      setError(userDeleteError(err, t));
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t("Delete User")}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy} data-autofocus>
            {t("Cancel")}
          </button>
          <button type="button" className="button button--danger" onClick={confirm} disabled={busy}>
            {busy ? t("Deleting...") : t("Delete User")}
          </button>
        </>
      }
    >
      <p>
        {t.rich(
          "Are you sure you want to delete {name} ({phone})? They leave this organization and their active ride here is canceled. If they belong to no other organization, their account is deleted: they are signed out, and past trips no longer show their name or phone.",
          { name: <strong>{userName(user, t)}</strong>, phone: formatPhone(user.phoneNumber) },
        )}
      </p>
      <p className="modal__warning">{t(DELETE_WARNING)}</p>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
    </Modal>
  );
}
