/** The access guard (spec section 2 "Access guard", section 6) in happy-dom. */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Guard, loadRoles, useRoles } from "../../components/Guard.tsx";
import type { Role, TenantRole } from "../../lib/roles.ts";
import { callsTo, json, makeUser, signedInTests, signIn, stubApi, TOKEN } from "./signed_in.ts";

const loc = signedInTests();

function ShowRoles() {
  return <p>context: {useRoles().join(",")}</p>;
}

function renderGuard(required?: TenantRole) {
  return render(
    <Guard tenant="greer" required={required}>
      {(roles) => (
        <>
          <p>inside: {roles.join(",")}</p>
          <ShowRoles />
        </>
      )}
    </Guard>,
  );
}

describe("Guard", () => {
  it("shows an accessible Loading... status while it asks for the roles", async () => {
    signIn();
    let answer!: (res: Response) => void;
    stubApi({ roles: () => new Promise<Response>((r) => answer = r) });
    renderGuard("rider");
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Loading...");
    expect(screen.queryByText(/inside/)).toBeNull();
    answer(json({ roles: ["rider"] }));
    expect(await screen.findByText("inside: rider")).toBeDefined();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("sends a visitor without a token to the tenant's login page, without calling the API", async () => {
    const fetchMock = stubApi({ roles: ["admin"] });
    renderGuard("rider");
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("Loading...");
    expect(screen.queryByText(/inside/)).toBeNull();
  });

  it("treats a token without a stored user as signed out", async () => {
    localStorage.setItem("authToken", TOKEN);
    stubApi({ roles: ["admin"] });
    renderGuard();
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
  });

  it("sends a signed-in user who is not a member of the tenant (roles []) to its login page", async () => {
    signIn();
    stubApi({ roles: [] });
    renderGuard();
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
    expect(screen.queryByText(/inside/)).toBeNull();
    // Still signed in: the login page makes them a rider of this tenant.
    expect(localStorage.getItem("authToken")).toBe(TOKEN);
  });

  it("sends a refused rider on the driver page to the rider page", async () => {
    signIn();
    stubApi({ roles: ["rider"] });
    renderGuard("driver");
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/rider"));
    expect(screen.queryByText(/inside/)).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Loading...");
  });

  it("sends a refused driver on an admin page to the driver page", async () => {
    signIn();
    stubApi({ roles: ["driver", "rider"] });
    renderGuard("admin");
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/driver"));
    expect(screen.queryByText(/inside/)).toBeNull();
  });

  it("sends a refused dispatcher on an admin page to the console", async () => {
    signIn();
    stubApi({ roles: ["dispatcher", "rider"] });
    renderGuard("admin");
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/dispatch"));
    expect(screen.queryByText(/inside/)).toBeNull();
  });

  it("lets a driver into driver and rider pages", async () => {
    signIn();
    stubApi({ roles: ["driver"] });
    renderGuard("driver");
    expect(await screen.findByText("inside: driver")).toBeDefined();
    cleanup();
    renderGuard("rider");
    expect(await screen.findByText("inside: driver")).toBeDefined();
    expect(loc.replace).not.toHaveBeenCalled();
  });

  it.each<[Role[], TenantRole | undefined]>([
    [["admin"], "admin"],
    [["admin"], "driver"],
    [["admin"], "rider"],
    [["admin"], undefined],
    [["super"], "admin"],
    [["super"], "driver"],
    [["super"], "rider"],
  ])("lets %j into a page requiring %s", async (roles, required) => {
    signIn();
    stubApi({ roles });
    renderGuard(required);
    expect(await screen.findByText(`inside: ${roles.join(",")}`)).toBeDefined();
    expect(screen.getByText(`context: ${roles.join(",")}`)).toBeDefined();
    expect(loc.replace).not.toHaveBeenCalled();
    expect(loc.assign).not.toHaveBeenCalled();
  });

  it("lets a rider into a page needing only sign-in", async () => {
    signIn();
    stubApi({ roles: ["rider"] });
    renderGuard();
    expect(await screen.findByText("inside: rider")).toBeDefined();
  });

  it("treats a failed roles call (500) as a rider", async () => {
    signIn();
    stubApi({ roles: () => json({ error: "Something went wrong. Please try again." }, 500) });
    renderGuard("rider");
    expect(await screen.findByText("inside: rider")).toBeDefined();
    cleanup();
    renderGuard("driver");
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/rider"));
  });

  it("treats a network failure or an answer without a list as a rider", async () => {
    signIn();
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    renderGuard("rider");
    expect(await screen.findByText("inside: rider")).toBeDefined();
    cleanup();
    signIn(makeUser(), "another-token");
    stubApi({ roles: () => json({}) });
    renderGuard("rider");
    expect(await screen.findByText("inside: rider")).toBeDefined();
  });

  it("signs out and goes to login when the token is refused (401)", async () => {
    signIn();
    stubApi({ roles: () => json({ error: "Authentication required" }, 401) });
    renderGuard("rider");
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(screen.queryByText(/inside/)).toBeNull();
  });

  it("sends the bearer token and asks once per page, however many callers", async () => {
    signIn();
    const fetchMock = stubApi({ roles: ["driver"] });
    const [a, b] = await Promise.all([loadRoles("greer"), loadRoles("greer")]);
    expect(a).toEqual(["driver"]);
    expect(b).toEqual(["driver"]);
    renderGuard("driver");
    expect(await screen.findByText("inside: driver")).toBeDefined();
    const calls = callsTo(fetchMock, "GET", "/greer/api/user/roles");
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0][1]?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("drops roles it does not know", async () => {
    signIn();
    stubApi({ roles: () => json({ roles: ["rider", "pilot", 7] }) });
    expect(await loadRoles("greer")).toEqual(["rider"]);
  });
});
