/** The header's account menu (spec section 2, "Header"; section 4, role badge) in happy-dom. */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import UserMenu from "../../islands/UserMenu.tsx";
import { saveAuth } from "../../browser/auth_client.ts";
import type { Role } from "../../lib/roles.ts";
import { callsTo, json, makeUser, signedInTests, signIn, stubApi, TOKEN } from "./signed_in.ts";

const loc = signedInTests();

const toggle = () => screen.getByRole("button", { name: "Account menu" });

/** Renders the menu for a user with these roles and waits until the roles arrived. */
async function renderMenu(roles: Role[], user = makeUser()) {
  signIn(user);
  const fetchMock = stubApi({ roles, routes: { "POST /api/auth/logout": () => json({ ok: true }) } });
  const view = render(<UserMenu tenant="greer" />);
  await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/user/roles")).toHaveLength(1));
  // Let the roles answer land.
  await act(() => Promise.resolve());
  return { fetchMock, ...view };
}

/** The sections of the open menu: heading → link texts and targets. */
function sections() {
  const panel = screen.getByRole("navigation", { name: "Account" });
  return [...panel.querySelectorAll(".user-menu__section")].map((section) => ({
    title: section.querySelector(".user-menu__heading")?.textContent,
    links: [...section.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]),
  }));
}

const ACCOUNT = {
  title: "Account",
  links: [["Request a Ride", "/greer/rider"], ["Profile Settings", "/greer/profile"]],
};
const DRIVER = { title: "Driver", links: [["Driver Dashboard", "/greer/driver"]] };
const DISPATCH = { title: "Dispatcher", links: [["Dispatch", "/greer/dispatch"]] };
const ADMIN = {
  title: "Admin",
  links: [["Admin Dashboard", "/greer/admin"], ["Trips", "/greer/admin/trips"], ["Users", "/greer/admin/users"]],
};

describe("UserMenu", () => {
  it("renders nothing when signed out", () => {
    const fetchMock = stubApi({ roles: ["rider"] });
    const { container } = render(<UserMenu tenant="greer" />);
    expect(container.innerHTML).toBe("");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hides the badge for a rider and shows the name and a placeholder with initials", async () => {
    const { container } = await renderMenu(["rider"]);
    expect(screen.getByText("Ada Lovelace", { selector: ".user-menu__name" })).toBeDefined();
    expect(container.querySelector(".role-badge")).toBeNull();
    expect(container.querySelector(".avatar--placeholder")?.textContent).toBe("AL");
    expect(container.querySelector("img")).toBeNull();
  });

  it.each<[Role[], string]>([
    [["rider", "driver"], "Driver"],
    [["admin", "rider"], "Admin"],
    [["driver", "admin", "super"], "Super Admin"],
  ])("shows the highest role of %j as the badge: %s", async (roles, label) => {
    const { container } = await renderMenu(roles);
    const badges = container.querySelectorAll(".role-badge");
    expect(badges).toHaveLength(1);
    expect(badges[0].textContent).toBe(label);
  });

  it("shows the formatted phone number when the user has no name, and the photo when there is one", async () => {
    const { container } = await renderMenu(
      ["rider"],
      makeUser({ name: null, phoneNumber: "8645550123", photoUrl: "/photos/ada.webp" }),
    );
    expect(container.querySelector(".user-menu__name")?.textContent).toBe("(864) 555-0123");
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/photos/ada.webp");
    expect(container.querySelector(".avatar--placeholder")).toBeNull();
  });

  it("opens and closes the menu with the hamburger button", async () => {
    await renderMenu(["rider"]);
    const button = toggle();
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(panel).not.toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
  });

  it("closes on Escape, giving focus back to the button, and on a click outside", async () => {
    await renderMenu(["rider"]);
    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle());

    fireEvent.click(toggle());
    // A click inside the menu keeps it open.
    fireEvent.pointerDown(screen.getByText("Request a Ride"));
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerDown(document.body);
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
  });

  it("offers a rider the Account section and Logout", async () => {
    await renderMenu(["rider"]);
    fireEvent.click(toggle());
    expect(sections()).toEqual([ACCOUNT]);
    expect(screen.getByRole("button", { name: "Logout" })).toBeDefined();
  });

  it("adds the Driver section for a driver", async () => {
    await renderMenu(["driver", "rider"]);
    fireEvent.click(toggle());
    expect(sections()).toEqual([ACCOUNT, DRIVER]);
  });

  it("adds the Dispatcher section, linking the console, for a dispatcher", async () => {
    await renderMenu(["dispatcher", "rider"]);
    fireEvent.click(toggle());
    expect(sections()).toEqual([ACCOUNT, DISPATCH]);
  });

  it.each<[Role[]]>([[["admin"]], [["super"]]])(
    "adds the Driver, Dispatcher and Admin sections for %j",
    async (roles) => {
      await renderMenu(roles);
      fireEvent.click(toggle());
      expect(sections()).toEqual([ACCOUNT, DRIVER, DISPATCH, ADMIN]);
    },
  );

  it("logs out: tells the server, clears the stored session and goes to the tenant's login page", async () => {
    const { fetchMock, container } = await renderMenu(["rider"]);
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(loc.assign).toHaveBeenCalledWith("/greer/login"));
    const calls = callsTo(fetchMock, "POST", "/api/auth/logout");
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0][1]?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(container.innerHTML).toBe("");
  });

  it("on the provider's console: links the console and the organizations list, asks no tenant's roles, logs out to /login", async () => {
    signIn(makeUser({ name: "Ada Provider" }));
    const fetchMock = stubApi({ roles: ["super"], routes: { "POST /api/auth/logout": () => json({ ok: true }) } });
    render(<UserMenu tenant={null} />);
    expect(await screen.findByText("Ada Provider", { selector: ".user-menu__name" })).toBeDefined();
    fireEvent.click(toggle());
    expect(sections()).toEqual([
      { title: "Account", links: [["Provider console", "/super"], ["Your Organizations", "/login"]] },
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/user/roles"))).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(loc.assign).toHaveBeenCalledWith("/login"));
    expect(callsTo(fetchMock, "POST", "/api/auth/logout")).toHaveLength(1);
  });

  it("logs out on this device even when the server cannot be reached", async () => {
    signIn();
    stubApi({
      roles: ["rider"],
      routes: { "POST /api/auth/logout": () => Promise.reject(new TypeError("Failed to fetch")) },
    });
    render(<UserMenu tenant="greer" />);
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(loc.assign).toHaveBeenCalledWith("/greer/login"));
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("follows the stored user at once when it changes", async () => {
    const { container } = await renderMenu(["rider"]);
    act(() => saveAuth(null, makeUser({ name: "Grace Hopper", photoUrl: "/photos/grace.webp" })));
    expect(container.querySelector(".user-menu__name")?.textContent).toBe("Grace Hopper");
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/photos/grace.webp");
  });
});
