/** The signed-in screens behind the guard, in happy-dom: admin dashboard, rider schedule, driver list. */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AdminDashboard from "../../islands/AdminDashboard.tsx";
import DriverScreen from "../../islands/DriverScreen.tsx";
import RiderScreen from "../../islands/RiderScreen.tsx";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

let loc: ReturnType<typeof spyLocation>;

beforeEach(() => {
  resetSession();
  loc = spyLocation();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
    ]);
    const settings = screen.getByText("System Settings");
    expect(settings.closest("a")).toBeNull();
    expect(settings.parentElement?.textContent).toContain("Coming soon");
    expect(loc.replace).not.toHaveBeenCalled();
  });
});

describe("RiderScreen", () => {
  const weekday = [{ start: "07:00", end: "19:00" }];

  it("shows the tenant's weekly schedule, grouped, in 12-hour times", async () => {
    signIn();
    const fetchMock = stubApi({
      roles: ["rider"],
      routes: {
        "GET /greer/api/schedule": () =>
          json({ schedule: { "1": weekday, "2": weekday, "3": weekday, "4": weekday, "5": weekday } }),
      },
    });
    const { container } = render(<RiderScreen tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Shuttle schedule" })).toBeDefined();
    expect(await screen.findByText("Mon – Fri")).toBeDefined();
    const rows = [...container.querySelectorAll(".schedule__row")].map((row) =>
      [...row.children].map((c) => c.textContent)
    );
    expect(rows).toEqual([["Sun", "No service"], ["Mon – Fri", "7:00 AM – 7:00 PM"], ["Sat", "No service"]]);
    const call = fetchMock.mock.calls.find(([url]) => url === "/greer/api/schedule")!;
    expect(new Headers(call[1]?.headers).get("authorization")).toBe("Bearer token-abc");
  });

  it("says so when there is no schedule", async () => {
    signIn();
    stubApi({ roles: ["rider"], routes: { "GET /greer/api/schedule": () => json({ schedule: {} }) } });
    render(<RiderScreen tenant="greer" />);
    expect(await screen.findByText("No schedule available")).toBeDefined();
  });

  it("shows Loading schedule... then an error when the schedule cannot be loaded", async () => {
    signIn();
    let answer!: (res: Response) => void;
    stubApi({
      roles: ["rider"],
      routes: { "GET /greer/api/schedule": () => new Promise<Response>((r) => answer = r) },
    });
    render(<RiderScreen tenant="greer" />);
    expect(await screen.findByText("Loading schedule...")).toBeDefined();
    answer(json({ error: "boom" }, 500));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The schedule could not be loaded. Please try again later.",
    );
  });

  it("is open to drivers too, and sends a signed-out visitor to login", async () => {
    signIn();
    stubApi({ roles: ["driver"], routes: { "GET /greer/api/schedule": () => json({ schedule: {} }) } });
    render(<RiderScreen tenant="greer" />);
    expect(await screen.findByText("No schedule available")).toBeDefined();
    cleanup();
    resetSession();
    render(<RiderScreen tenant="greer" />);
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
  });
});

describe("DriverScreen", () => {
  it("shows the empty ride list to a driver", async () => {
    signIn();
    stubApi({ roles: ["driver"] });
    render(<DriverScreen tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Active Ride Requests" })).toBeDefined();
    expect(screen.getByText("No active ride requests")).toBeDefined();
  });

  it("sends a rider to the rider page", async () => {
    signIn();
    stubApi({ roles: ["rider"] });
    render(<DriverScreen tenant="greer" />);
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/rider"));
    expect(screen.queryByText("Active Ride Requests")).toBeNull();
  });
});
