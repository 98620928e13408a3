/**
 * The signed-in screens behind the guard, in happy-dom: the admin dashboard. The rider and driver
 * screens have their own files (rider_screen.test.tsx, driver_screen.test.tsx).
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import AdminDashboard from "../../islands/AdminDashboard.tsx";
import { signedInTests, signIn, stubApi } from "./signed_in.ts";

const loc = signedInTests();

describe("AdminDashboard", () => {
  it("shows Loading... while the roles load", () => {
    signIn();
    stubApi({ roles: () => new Promise<Response>(() => {}) });
    render(<AdminDashboard tenant="greer" />);
    expect(screen.getByRole("status").textContent).toBe("Loading...");
  });

  it("shows Authentication Required to a signed-out visitor while sending them to login", async () => {
    stubApi({ roles: ["admin"] });
    render(<AdminDashboard tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeDefined();
    expect(screen.getByText("Please log in to access this area.")).toBeDefined();
    expect(loc.replace).toHaveBeenCalledWith("/greer/login");
    expect(screen.queryByText("Trips")).toBeNull();
  });

  it("shows Access Denied to a driver while sending them to the driver page", async () => {
    signIn();
    stubApi({ roles: ["driver"] });
    render(<AdminDashboard tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeDefined();
    expect(screen.getByText("You don't have admin permission for this tenant.")).toBeDefined();
    expect(loc.replace).toHaveBeenCalledWith("/greer/driver");
    expect(screen.queryByText("Trips")).toBeNull();
  });

  it("shows Access Denied to a rider while sending them to the rider page", async () => {
    signIn();
    stubApi({ roles: ["rider"] });
    render(<AdminDashboard tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeDefined();
    expect(loc.replace).toHaveBeenCalledWith("/greer/rider");
  });

  it.each([["admin"], ["super"]] as const)("shows %s the cards", async (role) => {
    signIn();
    stubApi({ roles: [role] });
    render(<AdminDashboard tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeDefined();
    const links = screen.getAllByRole("link").map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual([
      ["/greer/admin/trips", "TripsView all trips and track status"],
      ["/greer/admin/users", "UsersView all registered users and their roles"],
      ["/greer/admin/schedule", "ScheduleManage shuttle schedules and routes"],
      ["/greer/admin/places", "PlacesStops and landmarks riders can choose by name"],
      ["/greer/admin/reports", "ReportsRiders, waits and service hours, and the monthly summary"],
      ["/greer/admin/settings", "SettingsName, service area, time zone, contacts and colour"],
      ["/greer/admin/activity", "ActivityWho changed what, newest first"],
    ]);
    // The settings page replaced the spec's "System Settings — Coming soon" card.
    expect(screen.queryByText("Coming soon")).toBeNull();
    expect(loc.replace).not.toHaveBeenCalled();
  });
});
