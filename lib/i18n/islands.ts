/**
 * Which areas of the catalogue each island reads (issue 17). A page carries
 * only these texts, in its own language, for the islands it shows.
 * tests/unit/i18n_islands.test.ts checks every `t("…")` in an island's
 * bundle against this list.
 */
import type { Area } from "./catalogue.ts";

export const ISLAND_AREAS: Record<string, readonly Area[]> = {
  LoginForm: ["common", "login", "errors", "menu"],
  RiderScreen: ["common", "rider", "ride", "errors"],
  DriverScreen: ["common", "driver", "ride", "errors"],
  ProfileSettings: ["common", "profile", "errors"],
  UserMenu: ["common", "menu"],
  OrganizationsMenu: ["common", "menu"],
  ContactForm: ["common", "contact", "errors"],
  AdminDashboard: ["common", "admin", "ride"],
  AdminTrips: ["common", "admin", "ride"],
  AdminUsers: ["common", "admin", "ride"],
  AdminSchedule: ["common", "admin"],
};
