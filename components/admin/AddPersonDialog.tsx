/**
 * Add person ("Who may join"): an admin adds someone by phone,
 * with an optional name and their roles (Admin only for super admins, as
 * role grants require). POST /{tenant}/api/users; an invitation-only tenant
 * lets in only people added here. The phone and roles are checked before
 * sending; the server's refusal (409 for a member already) shows as it came.
 */
import { type FormEvent, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { TENANT_ROLES, type TenantRole } from "../../lib/roles.ts";
import { useDomId } from "../dom_id.ts";
import { ROLE_LABELS } from "../RoleBadge.tsx";
import { useT } from "../texts.tsx";
import { Modal } from "./Modal.tsx";
import type { AdminUser } from "./UsersTable.tsx";

export function AddPersonDialog(
  { tenant, viewerIsSuper, onAdded, onClose }: {
    tenant: string;
    viewerIsSuper: boolean;
    onAdded: (user: AdminUser) => void;
    onClose: () => void;
  },
) {
  const t = useT();
  const id = useDomId();
  const [phone, setPhone] = useState("");
  const [name, setName] = useState("");
  const [roles, setRoles] = useState<TenantRole[]>(["rider"]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: "phone" | "roles" | ""; text: string } | null>(null);
  const offered = TENANT_ROLES.filter((r) => r !== "admin" || viewerIsSuper);

  const toggle = (role: TenantRole) =>
    setRoles((held) => held.includes(role) ? held.filter((r) => r !== role) : [...held, role]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const phoneNumber = normalizePhone(phone);
    if (!phoneNumber) return setError({ field: "phone", text: t(PHONE_ERROR) });
    if (roles.length === 0) return setError({ field: "roles", text: t("Choose at least one role.") });
    setError(null);
    setBusy(true);
    try {
      const { user } = await api<{ user: AdminUser }>(`/${tenant}/api/users`, {
        method: "POST",
        body: { phoneNumber, name: name.trim() || null, roles },
        tenant,
      });
      onAdded(user);
    } catch (err) {
      setError({ field: "", text: (err instanceof ApiError && err.serverError) || t("Failed to add person") });
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <Modal
      title={t("Add person")}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="submit" form={`${id}-form`} className="button" disabled={busy}>
            {busy ? t("Adding...") : t("Add person")}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="add-person" onSubmit={submit} noValidate>
        <p className="muted">{t("On an invitation-only service, only people added here can sign in.")}</p>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t("Phone number")}</label>
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            aria-invalid={error?.field === "phone"}
            aria-describedby={error?.field === "phone" ? errorId : undefined}
            onChange={(e) => setPhone(e.target.value)}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t("Name (optional)")}</label>
          <input
            id={`${id}-name`}
            autoComplete="off"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <fieldset className="add-person__roles" aria-describedby={error?.field === "roles" ? errorId : undefined}>
          <legend>{t("Roles")}</legend>
          {offered.map((role) => (
            <label key={role} className="add-person__role">
              <input type="checkbox" checked={roles.includes(role)} onChange={() => toggle(role)} />
              {t(ROLE_LABELS[role])}
            </label>
          ))}
        </fieldset>
        {error && <p id={errorId} className="notice notice--error" role="alert">{error.text}</p>}
      </form>
    </Modal>
  );
}
