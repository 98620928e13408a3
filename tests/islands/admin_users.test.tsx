/** Admin Users (spec section 2 "Admin Users", 4 user status, 6, 8 Users) in happy-dom. */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../components/admin/UsersTable.tsx";
import AdminUsers from "../../islands/AdminUsers.tsx";
import { callsTo, json, resetSession, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

const loc = signedInTests();

const JOINED = Date.UTC(2026, 10, 21, 15);
function user(id: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    name: null,
    email: null,
    phoneNumber: "8645550100",
    photoUrl: null,
    roles: ["rider"],
    status: "inactive",
    createdAt: JOINED,
    ...overrides,
  };
}

const ADA = user("01ADALOVELACE000000000000", {
  name: "Ada Lovelace",
  email: "ada@Analytical.org",
  phoneNumber: "8645550142",
  photoUrl: "/api/users/01ADA/photo?v=1",
  status: "on-the-way",
});
const NONAME = user("01NONAME00000000000000000", { phoneNumber: "8645550143", createdAt: null, status: "pending" });
const DEE = user("01DEEDRIVER00000000000000", {
  name: "Dee Driver",
  phoneNumber: "8645550101",
  roles: ["driver"],
  status: "available",
});
const BOSS = user("01BOSS0000000000000000000", { name: "Bo Admin", roles: ["admin", "rider"], status: "accepted" });
const ROOT = user("01ROOT0000000000000000000", { name: "Root", roles: ["super"], status: null });
const ALL = [ADA, NONAME, DEE, BOSS, ROOT];

const LIST = "GET /greer/api/users";

function setUp(routes: Record<string, Route> = {}, roles: ("admin" | "super")[] = ["admin"]) {
  signIn();
  return stubApi({ roles, routes: { [LIST]: () => json({ users: ALL }), ...routes } });
}

const rowOf = (text: string) => within(screen.getByRole("table")).getByText(text).closest("tr") as HTMLElement;
const names = () => screen.getAllByRole("row").slice(1).map((r) => r.querySelector(".cell__main")?.textContent);

describe("AdminUsers", () => {
  it("shows Loading users..., then the tiles, the count and every column", async () => {
    let answer!: (res: Response) => void;
    setUp({ [LIST]: () => new Promise<Response>((r) => answer = r) });
    const { container } = render(<AdminUsers tenant="greer" />);
    expect(await screen.findByText("Loading users...")).toBeDefined();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    answer(json({ users: ALL }));
    expect(await screen.findByRole("heading", { name: "Users (5)" })).toBeDefined();
    expect([...container.querySelectorAll(".stat-tile")].map((t) => t.textContent)).toEqual([
      "5Total Users",
      "3Riders",
      "1Drivers",
      "2Admins",
    ]);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "User",
      "Contact",
      "Roles",
      "Status",
      "Joined",
      "Actions",
    ]);
    const ada = within(rowOf("Ada Lovelace"));
    expect(ada.getByText("01ADALOV")).toBeDefined();
    expect(ada.getByText("(864) 555-0142")).toBeDefined();
    expect(ada.getByText("ada@Analytical.org")).toBeDefined();
    expect(rowOf("Ada Lovelace").querySelector("img.avatar")?.getAttribute("src")).toBe("/api/users/01ADA/photo?v=1");
    expect(ada.getByText("Nov 21, 2026")).toBeDefined();
    const none = within(rowOf("Unnamed User"));
    expect(none.getByText("01NONAME")).toBeDefined();
    expect(none.getByText("Unknown")).toBeDefined();
    expect(rowOf("Unnamed User").querySelector(".avatar--placeholder")).not.toBeNull();
    expect(within(rowOf("Bo Admin")).getAllByText(/Admin|Rider/).map((e) => e.textContent)).toContain("Admin");
  });

  it("shows the spec's status words: drivers' availability, others' active ride", async () => {
    const statuses = [
      "available",
      "unavailable",
      "pending",
      "accepted",
      "on-the-way",
      "arrived",
      "picked-up",
      "inactive",
    ];
    setUp({
      [LIST]: () =>
        json({ users: statuses.map((status, i) => user(`01U${i}`.padEnd(26, "0"), { name: `U${i}`, status })) }),
    });
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (8)" });
    const shown = screen.getAllByRole("row").slice(1).map((r) => r.querySelector(".status-badge")?.textContent);
    expect(shown).toEqual([
      "Available",
      "Unavailable",
      "Pending Ride",
      "Ride Accepted",
      "Driver En Route",
      "Driver Arrived",
      "In Transit",
      "No Active Ride",
    ]);
  });

  it("takes a bare array too (spec section 7)", async () => {
    setUp({ [LIST]: () => json([ADA]) });
    render(<AdminUsers tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Users (1)" })).toBeDefined();
  });

  it("searches name, phone or email without regard to case, and filters by role", async () => {
    setUp();
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    const search = screen.getByLabelText("Search");
    fireEvent.change(search, { target: { value: "LOVELACE" } });
    expect(names()).toEqual(["Ada Lovelace"]);
    fireEvent.change(search, { target: { value: "analytical.ORG" } });
    expect(names()).toEqual(["Ada Lovelace"]);
    fireEvent.change(search, { target: { value: "(864) 555-0143" } });
    expect(names()).toEqual(["Unnamed User"]);
    fireEvent.change(search, { target: { value: "5550101" } });
    expect(names()).toEqual(["Dee Driver"]);
    fireEvent.change(search, { target: { value: "nobody at all" } });
    expect(screen.getByText("No users match your search criteria.")).toBeDefined();
    expect(screen.getByRole("heading", { name: "Users (0)" })).toBeDefined();

    fireEvent.change(search, { target: { value: "" } });
    const role = screen.getByLabelText("Role") as HTMLSelectElement;
    expect([...role.options].map((o) => o.text)).toEqual(["All", "Riders", "Drivers", "Admins"]);
    fireEvent.change(role, { target: { value: "driver" } });
    expect(names()).toEqual(["Dee Driver"]);
    fireEvent.change(role, { target: { value: "admin" } });
    expect(names()).toEqual(["Bo Admin", "Root"]);
    fireEvent.change(role, { target: { value: "rider" } });
    expect(names()).toEqual(["Ada Lovelace", "Unnamed User", "Bo Admin"]);
  });

  it("shows a dispatcher's role chip beside the rider's", async () => {
    const dispatcher = user("01DISPATCHER0000000000000", { name: "Dot Dispatch", roles: ["rider", "dispatcher"] });
    setUp({ [LIST]: () => json({ users: [dispatcher] }) });
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (1)" });
    const badges = rowOf("Dot Dispatch").querySelectorAll(".role-badge");
    expect([...badges].map((b) => b.textContent)).toEqual(["Dispatcher", "Rider"]);
  });

  it("says No users found. when the tenant has none", async () => {
    setUp({ [LIST]: () => json({ users: [] }) });
    render(<AdminUsers tenant="greer" />);
    expect(await screen.findByText("No users found.")).toBeDefined();
  });

  it("offers Manage Roles except on super users, and Delete only to a super admin", async () => {
    setUp();
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    expect(within(rowOf("Ada Lovelace")).getByRole("button", { name: "Manage roles of Ada Lovelace" })).toBeDefined();
    expect(within(rowOf("Root")).queryAllByRole("button")).toEqual([]);
    expect(screen.queryAllByRole("button", { name: /^Delete/ })).toEqual([]);
    cleanup();
    resetSession();
    setUp({}, ["super"]);
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    expect(screen.getAllByRole("button", { name: /^Delete/ }).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Delete Ada Lovelace",
      "Delete Unnamed User",
      "Delete Dee Driver",
      "Delete Bo Admin",
    ]);
    expect(within(rowOf("Root")).queryAllByRole("button")).toEqual([]);
  });

  it("adds and removes roles in the Manage Roles modal; Cancel closes it", async () => {
    let roles = ["rider"];
    const answer = (next: string[]) => json({ id: ADA.id, roles: roles = next });
    const fetchMock = setUp({
      [LIST]: () => json({ users: [{ ...ADA, roles }, ...ALL.slice(1)] }),
      [`POST /greer/api/user/${ADA.id}/roles`]: () => answer(["rider", "driver"]),
      [`DELETE /greer/api/user/${ADA.id}/roles?role=rider`]: () => answer(["driver"]),
    });
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    fireEvent.click(screen.getByRole("button", { name: "Manage roles of Ada Lovelace" }));
    const dialog = within(screen.getByRole("dialog", { name: "Manage Roles" }));
    expect(dialog.getAllByRole("listitem").map((li) => li.querySelector(".role-list__name")?.firstChild?.textContent))
      .toEqual(["Rider", "Driver", "Dispatcher", "Admin"]);
    expect(dialog.getAllByRole("button").map((b) => b.textContent)).toEqual(["Remove", "Add", "Add", "Add", "Cancel"]);

    fireEvent.click(dialog.getByRole("button", { name: "Add Driver role" }));
    expect(await dialog.findByText("Driver role added.")).toBeDefined();
    const post = callsTo(fetchMock, "POST", `/greer/api/user/${ADA.id}/roles`)[0];
    expect(JSON.parse(String(post[1]?.body))).toEqual({ role: "driver" });
    expect(dialog.getByRole("button", { name: "Remove Driver role" })).toBeDefined();
    fireEvent.click(dialog.getByRole("button", { name: "Remove Rider role" }));
    expect(await dialog.findByText("Rider role removed.")).toBeDefined();
    expect(dialog.getByRole("button", { name: "Add Rider role" })).toBeDefined();
    // The list follows, and is read again for the new statuses.
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/users").length).toBeGreaterThan(1));
    const badges = rowOf("Ada Lovelace").querySelectorAll(".role-badge");
    expect([...badges].map((b) => b.textContent)).toEqual(["Driver"]);

    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each(
    [
      ["add", 403, "Only super admins can assign admin roles", "Only super admins can assign admin roles"],
      ["add", 403, "Access denied - admin privileges required", "Access denied - admin privileges required"],
      ["add", 401, "Your session has expired. Please log in again.", "Authentication expired - please log in again"],
      ["add", 500, "boom", "Failed to add user role"],
      ["remove", 403, "Only super admins can assign admin roles", "Only super admins can assign admin roles"],
      ["remove", 500, "boom", "Failed to remove user role"],
    ] as const,
  )("says why a role could not be changed (%s, %i: %s)", async (kind, status, error, text) => {
    setUp({
      [`POST /greer/api/user/${BOSS.id}/roles`]: () => json({ error }, status),
      [`DELETE /greer/api/user/${BOSS.id}/roles?role=admin`]: () => json({ error }, status),
    });
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    fireEvent.click(screen.getByRole("button", { name: "Manage roles of Bo Admin" }));
    const dialog = within(screen.getByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: kind === "add" ? "Add Driver role" : "Remove Admin role" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(text);
  });

  it.each([
    [403, "Access denied - admin privileges required"],
    [401, "Authentication expired - please log in again"],
    [500, "Failed to load users"],
  ])("says why the users could not load (%i)", async (status, text) => {
    setUp({ [LIST]: () => json({ error: "whatever the server said" }, status) });
    render(<AdminUsers tenant="greer" />);
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    if (status === 401) expect(loc.assign).toHaveBeenCalledWith("/greer/login");
  });

  it("lets a super admin delete a user after the confirmation", async () => {
    const fetchMock = setUp({ [`DELETE /greer/api/user/${DEE.id}`]: () => json({ ok: true }) }, ["super"]);
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    fireEvent.click(screen.getByRole("button", { name: "Delete Dee Driver" }));
    const dialog = within(screen.getByRole("dialog", { name: "Delete User" }));
    expect(dialog.getByText("This action cannot be undone.")).toBeDefined();
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetchMock, "DELETE", `/greer/api/user/${DEE.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Dee Driver" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete User" }));
    expect((await screen.findByRole("status")).textContent).toBe("Dee Driver was removed from this organization.");
    expect(screen.queryByText("Dee Driver")).toBeNull();
    expect(screen.getByRole("heading", { name: "Users (4)" })).toBeDefined();
    expect(callsTo(fetchMock, "DELETE", `/greer/api/user/${DEE.id}`)).toHaveLength(1);
  });

  it.each([
    [403, { error: "Only super admins can delete users" }, "Only super admins can delete users"],
    [404, { error: "User not found" }, "User not found"],
    [500, null, "Failed to delete user"],
  ])("says why a delete failed (%i)", async (status, body, text) => {
    setUp({ [`DELETE /greer/api/user/${DEE.id}`]: () => new Response(body && JSON.stringify(body), { status }) }, [
      "super",
    ]);
    render(<AdminUsers tenant="greer" />);
    await screen.findByRole("heading", { name: "Users (5)" });
    fireEvent.click(screen.getByRole("button", { name: "Delete Dee Driver" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete User" }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(screen.getAllByText("Dee Driver").length).toBeGreaterThan(0);
  });

  it("dates each user's joining in the tenant's time zone, not the browser's", async () => {
    // 15:00 UTC on 21 November is already 22 November in Auckland.
    for (const [timeZone, day] of [["America/Los_Angeles", "Nov 21, 2026"], ["Pacific/Auckland", "Nov 22, 2026"]]) {
      setUp({ [LIST]: () => json({ users: [ADA] }) });
      render(<AdminUsers tenant="greer" timeZone={timeZone} />);
      await screen.findByRole("heading", { name: "Users (1)" });
      expect(within(rowOf("Ada Lovelace")).getByText(day)).toBeDefined();
      cleanup();
      resetSession();
    }
  });
});
