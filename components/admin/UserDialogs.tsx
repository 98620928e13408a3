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
import { Modal } from "./Modal.tsx";
import { roleChangeError, userDeleteError } from "./texts.ts";
import { type AdminUser, userName } from "./UsersTable.tsx";

export const DELETE_WARNING = "This action cannot be undone.";

export function RolesDialog(
  { tenant, user, onChanged, onClose }: {
    tenant: string;
    user: AdminUser;
    onChanged: (user: AdminUser, roles: Role[]) => void;
    onClose: () => void;
  },
) {
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
      setDone(`${ROLE_LABELS[role]} role ${add ? "added" : "removed"}.`);
    } catch (err) {
      setError(roleChangeError(err, add));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      title="Manage Roles"
      busy={busy !== null}
      onClose={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy !== null}>
          Cancel
        </button>
      }
    >
      <p className="modal__subject">{userName(user)}</p>
      <ul className="role-list">
        {TENANT_ROLES.map((role) => {
          const has = user.roles.includes(role);
          return (
            <li key={role} className="role-list__item">
              <span className="role-list__name">
                {ROLE_LABELS[role]}
                <span className="role-list__state">{has ? "Has this role" : "Not assigned"}</span>
              </span>
              <button
                type="button"
                className={has ? "button button--danger-outline button--small" : "button button--small"}
                aria-label={`${has ? "Remove" : "Add"} ${ROLE_LABELS[role]} role`}
                onClick={() => toggle(role)}
                disabled={busy !== null}
                data-autofocus={role === "rider" ? true : undefined}
              >
                {busy === role ? "Saving..." : has ? "Remove" : "Add"}
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function confirm() {
    setBusy(true);
    setError("");
    try {
      await api(`/${tenant}/api/user/${user.id}`, { method: "DELETE", tenant });
      onDeleted(user);
    } catch (err) {
      setError(userDeleteError(err));
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Delete User"
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={confirm} disabled={busy}>
            {busy ? "Deleting..." : "Delete User"}
          </button>
        </>
      }
    >
      <p>
        Are you sure you want to delete <strong>{userName(user)}</strong>{" "}
        ({formatPhone(user.phoneNumber)})? They leave this organization, their active ride here is canceled, and they
        are signed out if they belong to no other organization.
      </p>
      <p className="modal__warning">{DELETE_WARNING}</p>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
    </Modal>
  );
}
