/**
 * An audit entry in words: "Dee Driver was given the driver role
 * by Ada", "Schedule saved", "Place City Hall added". Shared by the admin's
 * Activity page and the provider's console. A sentence that names who acted
 * says so itself (`withBy` false); the others show "by …" beside it.
 */
import type { Translate } from "../../lib/i18n/format.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";

/** An entry as GET /{t}/api/admin/audit and GET /api/super/audit answer it (kv/audit_entries.ts). */
export interface ActivityEntry {
  id: string;
  at: number;
  action: string;
  by: string;
  byName: string | null;
  target: string;
  targetName: string | null;
  tenant: string;
  details: Record<string, unknown>;
}

const ROLE_WORDS: Record<string, Text> = { rider: "rider", driver: "driver", dispatcher: "dispatcher", admin: "admin" };

/** The entry's sentence, and whether it already names who acted. */
export function activityWords(t: Translate, e: ActivityEntry): { text: string; withBy: boolean } {
  const by = e.byName ?? t("someone");
  const target = e.targetName ?? t("someone");
  const role = typeof e.details.role === "string" && ROLE_WORDS[e.details.role]
    ? t(ROLE_WORDS[e.details.role])
    : String(e.details.role ?? "");
  const name = e.targetName ?? "";
  switch (e.action) {
    case "role.granted":
      return { text: t("{target} was given the {role} role by {by}", { target, role, by }), withBy: false };
    case "role.revoked":
      return { text: t("{target} lost the {role} role, taken by {by}", { target, role, by }), withBy: false };
    case "user.removed":
      return { text: t("{target} was removed by {by}", { target, by }), withBy: false };
    case "account.deleted":
      return { text: t("A member deleted their account"), withBy: false };
    case "user.suspension_lifted":
      return { text: t("{target}'s ride requests were resumed by {by}", { target, by }), withBy: false };
    case "signin.unlocked":
      return { text: t("{target}'s sign-in was unlocked by {by}", { target, by }), withBy: false };
    case "schedule.saved":
      return { text: t("Schedule saved"), withBy: true };
    case "place.created":
      return { text: t("Place {name} added", { name }), withBy: true };
    case "place.changed":
      return { text: t("Place {name} changed", { name }), withBy: true };
    case "place.deleted":
      return { text: t("Place {name} removed", { name }), withBy: true };
    case "vehicle.created":
      return { text: t("Vehicle {name} added", { name }), withBy: true };
    case "vehicle.changed":
      return { text: t("Vehicle {name} changed", { name }), withBy: true };
    case "vehicle.deleted":
      return { text: t("Vehicle {name} removed", { name }), withBy: true };
    case "settings.changed": {
      const fields = Array.isArray(e.details.fields) ? e.details.fields.join(", ") : "";
      return { text: t("Settings changed: {fields}", { fields }), withBy: true };
    }
    case "ride.deleted":
      return { text: t("Trip deleted"), withBy: true };
    case "ride.canceled":
      return { text: t("Trip canceled: {reason}", { reason: String(e.details.reason ?? "") }), withBy: true };
    case "ride.booked":
      return { text: t("{by} booked a ride for {target}", { by, target }), withBy: false };
    case "ride.pinned":
      return { text: t("Trip pinned to its vehicle"), withBy: true };
    case "ride.unpinned":
      return { text: t("Trip unpinned"), withBy: true };
    case "ride.changed": {
      const fields = Array.isArray(e.details.fields) ? e.details.fields.join(", ") : "";
      return { text: t("Trip changed by its rider: {fields}", { fields }), withBy: true };
    }
    case "ride.assigned":
      return {
        text: t(e.details.overrode ? "Trip assigned to a vehicle over a limit" : "Trip assigned to a vehicle"),
        withBy: true,
      };
    case "tenant.created":
      return { text: t("Organization {name} created", { name }), withBy: true };
    case "tenant.suspended":
      return { text: t("Service paused"), withBy: true };
    case "tenant.activated":
      return { text: t("Service resumed"), withBy: true };
    default:
      return { text: e.action, withBy: true };
  }
}
