/** Profile Settings (spec section 2; section 5 name and email; section 8 profile texts) in happy-dom. */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ProfileSettings from "../../islands/ProfileSettings.tsx";
import { AUTH_EVENT, getUser, type SignedInUser } from "../../lib/auth_client.ts";
import { callsTo, json, makeUser, resetSession, type Route, signIn, spyLocation, stubApi } from "./signed_in.ts";

beforeEach(() => {
  resetSession();
  spyLocation();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SERVER_USER = makeUser({ name: "Ada King", email: "ada@analytical.org", phoneNumber: "8645550123" });

function setUp({ put, get }: { put?: Route; get?: Route } = {}) {
  signIn(makeUser({ name: "Old Name" }));
  return stubApi({
    roles: ["driver", "rider"],
    routes: {
      "GET /api/users/profile": get ?? (() => json({ user: SERVER_USER })),
      "PUT /api/users/profile": put ?? ((init) => json({ user: { ...SERVER_USER, ...JSON.parse(String(init.body)) } })),
    },
  });
}

const nameField = () => screen.getByLabelText("Name") as HTMLInputElement;
const emailField = () => screen.getByLabelText("Email Address") as HTMLInputElement;

describe("ProfileSettings", () => {
  it("shows Loading profile... then the profile from the server", async () => {
    let answer!: (res: Response) => void;
    setUp({ get: () => new Promise<Response>((r) => answer = r) });
    const { container } = render(<ProfileSettings tenant="greer" />);
    expect(await screen.findByText("Loading profile...")).toBeDefined();
    answer(json({ user: SERVER_USER }));
    expect(await screen.findByRole("heading", { name: "Profile Settings" })).toBeDefined();

    const phone = screen.getByLabelText("Phone Number") as HTMLInputElement;
    expect(phone.value).toBe("(864) 555-0123");
    expect(phone.readOnly).toBe(true);
    expect(nameField().value).toBe("Ada King");
    expect(emailField().value).toBe("ada@analytical.org");
    expect(emailField().type).toBe("email");
    expect(container.querySelector(".role-badge")?.textContent).toBe("Driver");
    expect(container.querySelector(".avatar--placeholder")?.textContent).toBe("AK");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDefined();
    // Photo upload comes later.
    expect(screen.queryByText(/Upload New Photo|Remove Photo/)).toBeNull();
  });

  it("shows the photo when the user has one", async () => {
    setUp({ get: () => json({ user: { ...SERVER_USER, photoUrl: "/photos/ada.webp" } }) });
    const { container } = render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    expect(container.querySelector("img.avatar")?.getAttribute("src")).toBe("/photos/ada.webp");
  });

  it("saves the trimmed name and email, says so and replaces the stored user at once", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    const events = vi.fn();
    addEventListener(AUTH_EVENT, events);
    fireEvent.change(nameField(), { target: { value: "  Ada Lovelace  " } });
    fireEvent.change(emailField(), { target: { value: " ada@example.org " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    expect((await screen.findByRole("status")).textContent).toBe("Profile updated successfully!");
    const [call] = callsTo(fetchMock, "PUT", "/api/users/profile");
    expect(JSON.parse(String(call[1]?.body))).toEqual({ name: "Ada Lovelace", email: "ada@example.org" });
    expect(new Headers(call[1]?.headers).get("authorization")).toBe("Bearer token-abc");
    expect(getUser()?.name).toBe("Ada Lovelace");
    expect(getUser()?.email).toBe("ada@example.org");
    expect(localStorage.getItem("authToken")).toBe("token-abc");
    expect(events).toHaveBeenCalled();
    removeEventListener(AUTH_EVENT, events);
  });

  it("leaves an empty name or email out of the payload", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.change(nameField(), { target: { value: "   " } });
    fireEvent.change(emailField(), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Profile updated successfully!");
    const [call] = callsTo(fetchMock, "PUT", "/api/users/profile");
    expect(JSON.parse(String(call[1]?.body))).toEqual({});
  });

  it("shows Saving... on a disabled button while saving", async () => {
    let answer!: (res: Response) => void;
    setUp({ put: () => new Promise<Response>((r) => answer = r) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const button = await screen.findByRole("button", { name: "Saving..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => answer(json({ user: SERVER_USER })));
    expect(await screen.findByRole("button", { name: "Save Changes" })).toBeDefined();
  });

  it("shows the server's error text when it gives one, and keeps the stored user", async () => {
    setUp({ put: () => json({ error: "Please enter a valid email address" }, 400) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.change(emailField(), { target: { value: "ada@nowhere" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a valid email address");
    expect(screen.queryByText("Profile updated successfully!")).toBeNull();
    expect((getUser() as SignedInUser).name).toBe("Old Name");
    expect(emailField().value).toBe("ada@nowhere");
  });

  it("shows Failed to update profile when the request fails without a reason", async () => {
    setUp({ put: () => Promise.reject(new TypeError("Failed to fetch")) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update profile");
  });

  it("sends a signed-out visitor to the login page", async () => {
    const loc = spyLocation();
    stubApi({ roles: ["rider"] });
    render(<ProfileSettings tenant="greer" />);
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
    expect(screen.queryByLabelText("Name")).toBeNull();
  });
});
