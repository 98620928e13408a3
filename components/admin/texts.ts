/**
 * The admin screens' words: status labels and every error text of spec
 * section 8 (Trips, Users, Schedule), chosen from a failed call. Kept
 * together so the islands and their tests read the same strings.
 */
import { ApiError, MissingTokenError, NO_TOKEN } from "../../browser/auth_client.ts";

export const ADMIN_REQUIRED = "Access denied - admin privileges required";
export const AUTH_REQUIRED = "Authentication required - please log in";
export const AUTH_EXPIRED = "Authentication expired - please log in again";

const status = (err: unknown) => (err instanceof ApiError ? err.status : null);

/** Trips, load: 403, 401, the server's text, "Error: " + message, else the default. */
export function tripsLoadError(err: unknown): string {
  if (err instanceof MissingTokenError) return NO_TOKEN;
  if (status(err) === 403) return ADMIN_REQUIRED;
  if (status(err) === 401) return AUTH_REQUIRED;
  if (err instanceof ApiError) return err.serverError ?? "Failed to load trips";
  if (err instanceof Error && err.message) return `Error: ${err.message}`;
  return "Failed to load trips";
}

/** Trips, delete (shown as an alert). */
export function tripDeleteError(err: unknown): string {
  if (status(err) === 403) return "Access denied - insufficient privileges";
  if (status(err) === 401) return AUTH_REQUIRED;
  return (err instanceof ApiError && err.serverError) || "Failed to delete trip";
}

/** Users, load. */
export function usersLoadError(err: unknown): string {
  if (status(err) === 403) return ADMIN_REQUIRED;
  if (status(err) === 401) return AUTH_EXPIRED;
  return "Failed to load users";
}

/** Users, add or remove a role: a 403 that mentions super admins is the admin-role rule. */
export function roleChangeError(err: unknown, add: boolean): string {
  if (status(err) === 403) {
    const text = err instanceof ApiError ? err.serverError ?? "" : "";
    return /super admin/i.test(text) ? "Only super admins can assign admin roles" : ADMIN_REQUIRED;
  }
  if (status(err) === 401) return AUTH_EXPIRED;
  return add ? "Failed to add user role" : "Failed to remove user role";
}

/** Users, delete: the server's refusal ("Only super admins can delete users") when it gave one. */
export function userDeleteError(err: unknown): string {
  if (status(err) === 401) return AUTH_EXPIRED;
  if (status(err) === 403) return (err instanceof ApiError && err.serverError) || ADMIN_REQUIRED;
  return (err instanceof ApiError && err.serverError) || "Failed to delete user";
}

/** Schedule, save: "Failed to save schedule: " + the server's error or the status text, else the bare default. */
export function scheduleSaveError(err: unknown): string {
  if (err instanceof ApiError) {
    const reason = err.serverError ?? err.message;
    return reason ? `Failed to save schedule: ${reason}` : "Failed to save schedule";
  }
  return "Failed to save schedule";
}

/** Spec section 4, "User status badge". */
export const USER_STATUS_LABELS: Record<string, string> = {
  available: "Available",
  unavailable: "Unavailable",
  pending: "Pending Ride",
  accepted: "Ride Accepted",
  "on-the-way": "Driver En Route",
  arrived: "Driver Arrived",
  "picked-up": "In Transit",
};
export const NO_ACTIVE_RIDE = "No Active Ride";

export function userStatusLabel(status: string | null | undefined): string {
  return (status && USER_STATUS_LABELS[status]) || NO_ACTIVE_RIDE;
}

/** Colour family of a user status badge. */
export function userStatusTone(status: string | null | undefined): string {
  if (status === "available") return "completed";
  if (status === "unavailable") return "neutral";
  if (status === "pending") return "pending";
  if (status && status in USER_STATUS_LABELS) return "accepted";
  return "neutral";
}
