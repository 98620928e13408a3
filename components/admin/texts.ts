/**
 * The admin screens' words: status labels and every error text of spec
 * section 8 (Trips, Users, Schedule), chosen from a failed call and worded
 * with the screen's translate function. The server's own refusal passes
 * through as it came: it is already in the page's language.
 */
import { ApiError, MissingTokenError, NO_TOKEN } from "../../browser/auth_client.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Translate } from "../../lib/i18n/format.ts";

export const ADMIN_REQUIRED: Text = "Access denied - admin privileges required";
export const AUTH_REQUIRED: Text = "Authentication required - please log in";
export const AUTH_EXPIRED: Text = "Authentication expired - please log in again";

const status = (err: unknown) => (err instanceof ApiError ? err.status : null);
const serverText = (err: unknown) => (err instanceof ApiError && err.serverError) || null;

/** Trips, load: 403, 401, the server's text, "Error: " + message, else the default. */
export function tripsLoadError(err: unknown, t: Translate): string {
  if (err instanceof MissingTokenError) return t(NO_TOKEN);
  if (status(err) === 403) return t(ADMIN_REQUIRED);
  if (status(err) === 401) return t(AUTH_REQUIRED);
  if (err instanceof ApiError) return err.serverError ?? t("Failed to load trips");
  if (err instanceof Error && err.message) return t("Error: {message}", { message: err.message });
  return t("Failed to load trips");
}

/** Trips, delete (shown as an alert). */
export function tripDeleteError(err: unknown, t: Translate): string {
  if (status(err) === 403) return t("Access denied - insufficient privileges");
  if (status(err) === 401) return t(AUTH_REQUIRED);
  return serverText(err) || t("Failed to delete trip");
}

/** Users, load. */
export function usersLoadError(err: unknown, t: Translate): string {
  if (status(err) === 403) return t(ADMIN_REQUIRED);
  if (status(err) === 401) return t(AUTH_EXPIRED);
  return t("Failed to load users");
}

/**
 * Users, add or remove a role: a 403 whose refusal mentions super admins is
 * the admin-role rule. The refusal comes in the page's language, and both
 * languages' words contain "superadmin" ("super admin", "superadministrador").
 */
export function roleChangeError(err: unknown, add: boolean, t: Translate): string {
  if (status(err) === 403) {
    return /super ?admin/i.test(serverText(err) ?? "")
      ? t("Only super admins can assign admin roles")
      : t(ADMIN_REQUIRED);
  }
  if (status(err) === 401) return t(AUTH_EXPIRED);
  return add ? t("Failed to add user role") : t("Failed to remove user role");
}

/** Users, delete: the server's refusal ("Only super admins can delete users") when it gave one. */
export function userDeleteError(err: unknown, t: Translate): string {
  if (status(err) === 401) return t(AUTH_EXPIRED);
  if (status(err) === 403) return serverText(err) || t(ADMIN_REQUIRED);
  return serverText(err) || t("Failed to delete user");
}

/** Schedule, save: "Failed to save schedule: " + the server's error or the status text, else the bare default. */
export function scheduleSaveError(err: unknown, t: Translate): string {
  if (err instanceof ApiError) {
    const reason = err.serverError ?? err.message;
    return reason ? t("Failed to save schedule: {reason}", { reason }) : t("Failed to save schedule");
  }
  return t("Failed to save schedule");
}

/** Spec section 4, "User status badge". */
export const USER_STATUS_LABELS: Record<string, Text> = {
  available: "Available",
  unavailable: "Unavailable",
  pending: "Pending Ride",
  accepted: "Ride Accepted",
  "on-the-way": "Driver En Route",
  arrived: "Driver Arrived",
  "picked-up": "In Transit",
};
export const NO_ACTIVE_RIDE: Text = "No Active Ride";

export function userStatusLabel(status: string | null | undefined, t: Translate): string {
  return t((status && USER_STATUS_LABELS[status]) || NO_ACTIVE_RIDE);
}

/** Colour family of a user status badge. */
export function userStatusTone(status: string | null | undefined): string {
  if (status === "available") return "completed";
  if (status === "unavailable") return "neutral";
  if (status === "pending") return "pending";
  if (status && status in USER_STATUS_LABELS) return "accepted";
  return "neutral";
}
