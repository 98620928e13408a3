/**
 * Which areas of the catalogue each island reads. A page carries
 * only these texts, in its own language, for the islands it shows.
 * tests/unit/i18n_catalogue.test.ts checks every `t("…")` in an island's
 * bundle against this list.
 */
import type { Area } from "./catalogue.ts";

/** The dispatcher's booking form (islands/dispatch/BookingPanel.tsx), for the island that shows it. */
export const BOOKING_PANEL_AREAS: readonly Area[] = ["common", "errors", "ride", "rider", "needs", "phone_booking"];

export const ISLAND_AREAS: Record<string, readonly Area[]> = {
  LoginForm: ["common", "frame", "login", "errors", "menu"],
  RiderScreen: ["common", "frame", "rider", "ride", "errors", "needs", "app", "push"],
  StandingRides: ["common", "frame", "standing", "ride", "errors"],
  DriverScreen: ["common", "frame", "driver", "ride", "errors", "needs", "app", "push"],
  ProfileSettings: ["common", "frame", "profile", "errors", "needs", "push"],
  UserMenu: ["common", "frame", "menu"],
  OrganizationsMenu: ["common", "frame", "menu"],
  ContactForm: ["common", "frame", "contact", "errors"],
  AdminDashboard: ["common", "frame", "admin", "ride", "activity"],
  AdminTrips: ["common", "frame", "admin", "ride", "needs"],
  AdminUsers: ["common", "frame", "admin", "ride"],
  AdminSchedule: ["common", "frame", "admin"],
  AdminPlaces: ["common", "frame", "admin", "places", "ride"],
  AdminVehicles: ["common", "frame", "admin", "places"],
  AdminSettings: ["common", "frame", "admin", "settings", "ride"],
  AdminActivity: ["common", "frame", "admin", "activity"],
  AdminReports: ["common", "frame", "admin", "reports"],
  DispatchConsole: ["common", "frame", "dispatch", "admin", "ride", "needs", "errors", "rider", "phone_booking"],
  AdminConsole: ["common", "frame", "activity", "provider", "errors", "ride", "settings"],
};
