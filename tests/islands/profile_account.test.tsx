/**
 * Profile Settings' "Download my data" and "Delete my account" in
 * happy-dom, in English and Spanish: the confirmation by the phone's last four
 * digits, what is sent, and the signed-out screen after deletion.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import ProfileSettings from "../../islands/ProfileSettings.tsx";
import { getToken, getUser } from "../../browser/auth_client.ts";
import { exportFileName } from "../../browser/my_account.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, makeUser, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();
afterEach(() => vi.restoreAllMocks());

const SERVER_USER = makeUser({ name: "Ada King", email: "ada@analytical.org", phoneNumber: "8645550123" });

function setUp({ remove, exported }: { remove?: Route; exported?: Route } = {}) {
  signIn(makeUser({ name: "Ada King", phoneNumber: "8645550123" }));
  return stubApi({
    roles: ["rider"],
    routes: {
      "GET /api/users/profile": () => json({ user: SERVER_USER }),
      "DELETE /api/users/me": remove ?? (() => new Response(null, { status: 204 })),
      "GET /api/users/me/export": exported ?? (() =>
        new Response(JSON.stringify({ profile: { id: SERVER_USER.id } }), {
          headers: {
            "content-type": "application/json",
            "content-disposition": 'attachment; filename="hopper-my-data-2026-11-26.json"',
          },
        })),
    },
  });
}

const digitsField = () => screen.getByLabelText(/last four digits/) as HTMLInputElement;

describe("Delete my account", () => {
  it("explains what is removed and kept, and asks for the last four digits before anything is sent", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByRole("heading", { name: "Profile Settings" });
    expect(screen.getByText(/^Removed: your name, email, phone number, photo/)).toBeDefined();
    expect(screen.getByText(/^Kept: past rides, for the service's statistics, shown as “Deleted rider”/)).toBeDefined();

    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    fireEvent.change(digitsField(), { target: { value: "0124" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Those digits are not the end of your phone number.");
    fireEvent.change(digitsField(), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Type the last four digits of your phone number to confirm.",
    );
    expect(callsTo(fetchMock, "DELETE", "/api/users/me")).toHaveLength(0);

    // Cancel closes the confirmation.
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText(/last four digits/)).toBeNull();
  });

  it("deletes with the digits, signs this device out and says so", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    fireEvent.change(digitsField(), { target: { value: "0123" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));

    expect(await screen.findByRole("heading", { name: "Your account has been deleted" })).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("You are signed out. Thank you for riding with us.");
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/greer/login");
    const [call] = callsTo(fetchMock, "DELETE", "/api/users/me");
    expect(JSON.parse(String(call[1]?.body))).toEqual({ phoneLastFour: "0123" });
    expect(new Headers(call[1]?.headers).get("authorization")).toBe("Bearer token-abc");
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
  });

  it("shows the server's reason when it refuses, and stays signed in", async () => {
    setUp({
      remove: () =>
        json({
          error: "You are the last super admin. Make someone else a super admin before deleting your account.",
        }, 409),
    });
    render(<ProfileSettings tenant="greer" />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    fireEvent.change(digitsField(), { target: { value: "0123" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You are the last super admin. Make someone else a super admin before deleting your account.",
    );
    expect(getToken()).toBe("token-abc");
  });
});

describe("Download my data", () => {
  it("downloads the export as the file the server named", async () => {
    const fetchMock = setUp();
    const made = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    render(<ProfileSettings tenant="greer" />);
    fireEvent.click(await screen.findByRole("button", { name: "Download my data" }));
    expect((await screen.findByRole("status")).textContent).toBe("Your data was downloaded.");
    expect(callsTo(fetchMock, "GET", "/api/users/me/export")).toHaveLength(1);
    expect(clicked).toEqual([{ href: "blob:export", download: "hopper-my-data-2026-11-26.json" }]);
    const blob = made.mock.calls[0][0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual({ profile: { id: SERVER_USER.id } });
  });

  it("shows the server's text when the hourly limit is reached", async () => {
    setUp({
      exported: () => json({ error: "You can download your data 5 times an hour. Please try again later." }, 429),
    });
    render(<ProfileSettings tenant="greer" />);
    fireEvent.click(await screen.findByRole("button", { name: "Download my data" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You can download your data 5 times an hour. Please try again later.",
    );
  });

  it("names the file from Content-Disposition, or plainly without one", () => {
    expect(exportFileName('attachment; filename="hopper-my-data-2026-11-26.json"')).toBe(
      "hopper-my-data-2026-11-26.json",
    );
    expect(exportFileName(null)).toBe("hopper-my-data.json");
  });
});

describe("Your data and Delete my account in Spanish", () => {
  it("shows both parts and the confirmation in Spanish", async () => {
    setUp();
    render(inLanguage("es", "ProfileSettings", <ProfileSettings tenant="greer" />));
    expect(await screen.findByText("Sus datos")).toBeDefined();
    expect(screen.getByRole("button", { name: "Descargar mis datos" })).toBeDefined();
    expect(screen.getByText(/^Se conserva: los viajes anteriores/)).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Eliminar mi cuenta" }));
    const field = screen.getByLabelText(/últimos cuatro dígitos/) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "9999" } });
    fireEvent.click(screen.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Esos dígitos no son el final de su número de teléfono.",
    );
    fireEvent.change(field, { target: { value: "0123" } });
    fireEvent.click(screen.getByRole("button", { name: "Eliminar mi cuenta definitivamente" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Su cuenta se eliminó" })).toBeDefined());
    expect(screen.getByRole("link", { name: "Volver a iniciar sesión" })).toBeDefined();
  });
});
