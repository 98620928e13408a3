/**
 * The users list (spec section 2, "Admin Users"): User, Contact, Roles,
 * Status, Joined, Actions. A table on a wide screen, labelled cards on a
 * phone. Neither action shows for a super admin's row; Delete shows only to
 * a super admin, and so does Block on an admin's row (the server's rule).
 */
import { Avatar } from "../Avatar.tsx";
import { ROLE_LABELS } from "../RoleBadge.tsx";
import { formatPhone } from "../../lib/phone.ts";
import type { AdminUser } from "../../lib/admin_user.ts";
import type { Role } from "../../lib/roles.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { LOCALES } from "../../lib/i18n/lang.ts";
import { useT } from "../texts.tsx";
import { userStatusLabel, userStatusTone } from "./texts.ts";
import { UserRecord } from "./UserRecord.tsx";

export type { AdminUser };

export const UNNAMED: Text = "Unnamed User";

export function userName(user: Pick<AdminUser, "name">, t: Translate): string {
  return user.name?.trim() || t(UNNAMED);
}

/** Joined as a short date in the page's language ("Nov 21, 2026", "21 nov 2026"), or "Unknown". */
export function joined(createdAt: number | null | undefined, t: Translate, timeZone?: string): string {
  if (typeof createdAt !== "number" || !Number.isFinite(createdAt) || createdAt <= 0) return t("Unknown");
  const options = { month: "short", day: "numeric", year: "numeric", timeZone } as const;
  return new Date(createdAt).toLocaleDateString(LOCALES[t.lang], options);
}

const ROLE_ORDER: Role[] = ["super", "admin", "dispatcher", "driver", "rider"];

export function UsersTable(
  { users, timeZone, viewerIsSuper, onManage, onDelete, onBlock, blocking, onLift, onUnlock }: {
    users: AdminUser[];
    /** The tenant's time zone for the day each user joined. */
    timeZone?: string;
    viewerIsSuper: boolean;
    onManage: (user: AdminUser) => void;
    onDelete: (user: AdminUser) => void;
    /** Blocks a user, or unblocks a blocked one. */
    onBlock: (user: AdminUser) => void;
    /** The id of the user being blocked or unblocked, while the call is under way. */
    blocking?: string | null;
    /** Lifts a rider's no-show pause; the button shows only while they are paused. */
    onLift?: (user: AdminUser) => void;
    /** Unlocks a member's sign-in; the button shows only while their number is locked. */
    onUnlock?: (user: AdminUser) => void;
  },
) {
  const t = useT();
  return (
    <table className="data-table users-table">
      <caption className="visually-hidden">{t("Users")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("User")}</th>
          <th scope="col">{t("Contact")}</th>
          <th scope="col">{t("Roles")}</th>
          <th scope="col">{t("Status")}</th>
          <th scope="col">{t("Joined")}</th>
          <th scope="col">{t("Actions")}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const name = userName(user, t);
          const isSuper = user.roles.includes("super");
          return (
            <tr key={user.id}>
              <td data-label={t("User")} className="cell--user">
                <Avatar name={user.name} photoUrl={user.photoUrl} />
                <span className="cell__stack">
                  <span className={user.name?.trim() ? "cell__main" : "cell__main cell__none"}>{name}</span>
                  <span className="cell__sub cell__id" title={user.id}>{user.id.slice(0, 8)}</span>
                </span>
              </td>
              <td data-label={t("Contact")}>
                <span className="cell__main cell__phone">{formatPhone(user.phoneNumber)}</span>
                {user.email && <span className="cell__sub cell__email">{user.email}</span>}
              </td>
              <td data-label={t("Roles")}>
                <span className="role-chips">
                  {ROLE_ORDER.filter((r) => user.roles.includes(r)).map((r) => (
                    <span key={r} className={`role-badge role-badge--${r}`}>{t(ROLE_LABELS[r])}</span>
                  ))}
                </span>
              </td>
              <td data-label={t("Status")}>
                {user.blocked
                  ? <span className="status-badge status-badge--canceled">{t("Blocked")}</span>
                  : (
                    <span className={`status-badge status-badge--${userStatusTone(user.status)}`}>
                      {userStatusLabel(user.status, t)}
                    </span>
                  )}
                {user.signInLocked && (
                  <span className="status-badge status-badge--canceled">{t("Sign-in locked")}</span>
                )}
                <UserRecord user={user} timeZone={timeZone} />
              </td>
              <td data-label={t("Joined")}>{joined(user.createdAt, t, timeZone)}</td>
              <td data-label={t("Actions")} className={isSuper ? "cell--actions cell--empty" : "cell--actions"}>
                {isSuper ? <span className="cell__none">—</span> : (
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t("Manage roles of {name}", { name })}
                      onClick={() => onManage(user)}
                    >
                      {t("Manage Roles")}
                    </button>
                    {(viewerIsSuper || !user.roles.includes("admin")) && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={user.blocked ? t("Unblock {name}", { name }) : t("Block {name}", { name })}
                        disabled={blocking === user.id}
                        onClick={() => onBlock(user)}
                      >
                        {user.blocked ? t("Unblock") : t("Block")}
                      </button>
                    )}
                    {user.suspendedUntil && onLift && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t("Lift the pause of {name}", { name })}
                        disabled={blocking === user.id}
                        onClick={() => onLift(user)}
                      >
                        {t("Lift pause")}
                      </button>
                    )}
                    {user.signInLocked && onUnlock && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={t("Unlock the sign-in of {name}", { name })}
                        disabled={blocking === user.id}
                        onClick={() => onUnlock(user)}
                      >
                        {t("Unlock sign-in")}
                      </button>
                    )}
                    {viewerIsSuper && (
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        aria-label={t("Delete {name}", { name })}
                        onClick={() => onDelete(user)}
                      >
                        {t("Delete")}
                      </button>
                    )}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
