/**
 * The sign-in island in happy-dom: both steps, what the person sees while
 * typing, every validation and server error text, busy states, where a
 * sign-in lands, what it stores, and the signed-in view of the global /login.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { resetRolesCache } from "../../components/Guard.tsx";
import LoginForm, { editPhone } from "../../islands/LoginForm.tsx";
import OrganizationsMenu from "../../islands/OrganizationsMenu.tsx";
import { clearAuth, type SignedInUser, type UserTenant } from "../../browser/auth_client.ts";

const PHONE_ERROR = "Please enter a valid 10-digit phone number";
const CODE_ERROR = "Please enter the 4-digit verification code";
const SEND_FAILED = "Failed to send verification code. Please try again.";
const WRONG_CODE = "Invalid verification code. Please try again.";
const SMS_TEXT = "We'll send you a verification code via SMS";
const GREER = { code: "greer", name: "City of Greer" };

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

let fetchMock: Mock<typeof fetch>;
let assignMock: Mock<(url: string | URL) => void>;
/** Answers per path; unlisted paths answer 404. */
let routes: Record<string, Handler>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

function user(tenants: UserTenant[], extra: Partial<SignedInUser> = {}): SignedInUser {
  return {
    id: "01USER",
    name: null,
    email: null,
    phoneNumber: "8645550142",
    photoUrl: null,
    createdAt: 1_700_000_000_000,
    tenants,
    ...extra,
  };
}

beforeEach(() => {
  localStorage.clear();
  resetRolesCache();
  routes = {
    "/api/auth/login": () => json(200, { ok: true }),
    "/api/auth/verify": () => json(200, { user: user([{ ...GREER, roles: ["rider"] }]), token: "tok-rider" }),
    "/api/auth/logout": () => json(200, { ok: true }),
  };
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = String(input);
    const handler = routes[url];
    return Promise.resolve(handler ? handler(url, init ?? {}) : json(404, { error: "Not found" }));
  });
  vi.stubGlobal("fetch", fetchMock);
  assignMock = vi.fn<(url: string | URL) => void>();
  vi.spyOn(globalThis.location, "assign").mockImplementation(assignMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const phoneField = () => screen.getByLabelText("Phone number") as HTMLInputElement;
const codeField = () => screen.getByLabelText("Verification code") as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

function typePhone(value: string) {
  fireEvent.change(phoneField(), { target: { value } });
}

/** The requests fetch saw, with their bodies parsed. */
function calls() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    headers: new Headers(init?.headers),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));
}

/** A route that answers only when the test says so. */
function held(path: string) {
  let release!: (res: Response) => void;
  routes[path] = () => new Promise<Response>((r) => release = r);
  return (res: Response) => release(res);
}

/** Fills in the phone and sends the code, ending on step 2. */
async function toCodeStep(phone = "8645550142") {
  typePhone(phone);
  fireEvent.click(button("Send Verification Code"));
  await screen.findByRole("heading", { name: "Verify Your Phone" });
}

function enterCode(code: string) {
  fireEvent.change(codeField(), { target: { value: code } });
  fireEvent.click(button("Verify Code"));
}

describe("LoginForm, step 1: phone", () => {
  it("welcomes to the tenant with the SMS text, the phone field, the terms link and the send button", () => {
    render(<LoginForm tenant={GREER} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome to City of Greer");
    expect(screen.getByText(SMS_TEXT)).toBeDefined();
    const field = phoneField();
    expect(field.type).toBe("tel");
    expect(field.getAttribute("inputmode")).toBe("tel");
    expect(field.getAttribute("autocomplete")).toBe("tel-national");
    expect(field.required).toBe(true);
    expect(field.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/greer/terms");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/greer/privacy");
    expect(button("Send Verification Code").disabled).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Please wait while tenant information is loading...")).toBeNull();
    // Nothing moves the focus on page load (it would pop up the keyboard on a phone).
    expect(document.activeElement).not.toBe(field);
  });

  it("welcomes to Hopper on the global /login, with the global terms link", () => {
    render(<LoginForm />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome to Hopper");
    expect(screen.getByText(SMS_TEXT)).toBeDefined();
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
  });

  it("server-renders the form with the send button disabled until the island has hydrated", () => {
    const html = renderToString(<LoginForm tenant={GREER} />).replaceAll("<!-- -->", "");
    expect(html).toContain("Welcome to City of Greer");
    expect(html).toContain("Send Verification Code");
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
    // After hydration (effects ran) it is enabled.
    render(<LoginForm tenant={GREER} />);
    expect(button("Send Verification Code").disabled).toBe(false);
  });

  it("shows the loading text only when the tenant's name is missing", () => {
    render(<LoginForm tenant={{ code: "greer" }} />);
    expect(screen.getByRole("status").textContent).toBe("Please wait while tenant information is loading...");
    expect(screen.queryByLabelText("Phone number")).toBeNull();
  });

  it("formats the number as (###) ###-#### while it is typed", () => {
    render(<LoginForm tenant={GREER} />);
    const steps: [string, string][] = [
      ["8", "(8"],
      ["864", "(864"],
      ["8645", "(864) 5"],
      ["864555", "(864) 555"],
      ["8645550", "(864) 555-0"],
      ["86455501420", "(864) 555-0142"],
      ["(864) 555-01429", "(864) 555-0142"],
      ["864abc555", "(864) 555"],
      ["+1 864-555-0142", "(864) 555-0142"],
      ["", ""],
    ];
    for (const [typed, shown] of steps) {
      typePhone(typed);
      expect(phoneField().value, typed).toBe(shown);
    }
  });

  it("deletes the digit beside a bracket, space or dash and keeps the caret after the same digits", () => {
    // Backspace over ")" in "(864) 5|" → the 4 goes.
    expect(editPhone("(864) 5", "(864 5", 4)).toEqual({ value: "(865", caret: 3 });
    // Backspace over "-" in "(864) 555-|0142" → the last 5 goes.
    expect(editPhone("(864) 555-0142", "(864) 5550142", 9)).toEqual({ value: "(864) 550-142", caret: 8 });
    // Delete (forward) over "-" in "(864) 555|-0142" → the 0 goes.
    expect(editPhone("(864) 555-0142", "(864) 5550142", 9, true)).toEqual({ value: "(864) 555-142", caret: 9 });
    // A digit typed in the middle keeps the caret right after it.
    expect(editPhone("(864) 555-014", "(8694) 555-014", 3)).toEqual({ value: "(869) 455-5014", caret: 3 });
    // Typing at the end leaves the caret at the end.
    expect(editPhone("(864) 5", "(864) 55", 8)).toEqual({ value: "(864) 55", caret: 8 });
  });

  it.each(["", "864555014", "864-555-01", "hello"])(
    "rejects %j with the phone error, tied to the field, and sends nothing",
    async (typed) => {
      render(<LoginForm tenant={GREER} />);
      typePhone(typed);
      fireEvent.click(button("Send Verification Code"));
      const error = await screen.findByRole("alert");
      expect(error.textContent).toBe(PHONE_ERROR);
      expect(phoneField().getAttribute("aria-invalid")).toBe("true");
      expect(phoneField().getAttribute("aria-describedby")).toBe(error.id);
      expect(document.activeElement).toBe(phoneField());
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("sends the 10 digits and shows Sending... on a disabled button meanwhile", async () => {
    const release = held("/api/auth/login");
    render(<LoginForm tenant={GREER} />);
    typePhone("(864) 555-0142");
    fireEvent.click(button("Send Verification Code"));
    const sending = await screen.findByRole("button", { name: "Sending..." }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Send Verification Code" })).toBeNull();
    // Enter again while sending sends nothing more.
    fireEvent.submit(sending.form!);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    release(json(200, { ok: true }));
    await screen.findByRole("heading", { name: "Verify Your Phone" });
    const [call] = calls();
    expect(call.url).toBe("/api/auth/login");
    expect(call.method).toBe("POST");
    expect(call.headers.get("content-type")).toBe("application/json");
    // The tenant rides along, so the code counts against this organization's send budget.
    expect(call.body).toEqual({ phoneNumber: "8645550142", tenantCode: "greer" });
    expect(calls()).toHaveLength(1);
  });

  it("says only people the organization added can sign in, on an invitation-only tenant's page only", () => {
    const note =
      "Only people City of Greer has added can sign in here. If no code comes, ask City of Greer to add you.";
    const { unmount } = render(<LoginForm tenant={{ ...GREER, inviteOnly: true }} />);
    expect(screen.getByText(note)).toBeDefined();
    unmount();
    render(<LoginForm tenant={GREER} />);
    expect(screen.queryByText(note)).toBeNull();
  });

  it("clears the phone error once a valid number is sent", async () => {
    render(<LoginForm tenant={GREER} />);
    fireEvent.click(button("Send Verification Code"));
    await screen.findByText(PHONE_ERROR);
    await toCodeStep();
    expect(screen.queryByText(PHONE_ERROR)).toBeNull();
  });

  it.each([
    [429, "Too many codes sent to this number. Please wait 15 minutes and try again."],
    [502, SEND_FAILED],
  ])("shows the server's %i text in an alert and stays on step 1", async (status, text) => {
    routes["/api/auth/login"] = () => json(status, { error: text }, { "retry-after": "900" });
    render(<LoginForm tenant={GREER} />);
    typePhone("8645550142");
    fireEvent.click(button("Send Verification Code"));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(phoneField().value).toBe("(864) 555-0142");
    expect(phoneField().getAttribute("aria-invalid")).toBeNull();
    expect(button("Send Verification Code").disabled).toBe(false);
    expect(screen.queryByRole("heading", { name: "Verify Your Phone" })).toBeNull();
  });

  it("shows the server's 400 text on the phone field", async () => {
    routes["/api/auth/login"] = () => json(400, { error: PHONE_ERROR });
    render(<LoginForm tenant={GREER} />);
    typePhone("8645550142");
    fireEvent.click(button("Send Verification Code"));
    expect((await screen.findByRole("alert")).textContent).toBe(PHONE_ERROR);
    expect(phoneField().getAttribute("aria-invalid")).toBe("true");
  });

  it("says the code could not be sent when the network fails or the answer has no text", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    render(<LoginForm tenant={GREER} />);
    typePhone("8645550142");
    fireEvent.click(button("Send Verification Code"));
    expect((await screen.findByRole("alert")).textContent).toBe(SEND_FAILED);

    routes["/api/auth/login"] = () => new Response("Bad gateway", { status: 503 });
    fireEvent.click(button("Send Verification Code"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((await screen.findByRole("alert")).textContent).toBe(SEND_FAILED);
    expect(button("Send Verification Code").disabled).toBe(false);
  });
});

describe("LoginForm, step 2: code", () => {
  it("asks for the code sent to the formatted number and moves the focus to the code field", async () => {
    render(<LoginForm tenant={GREER} />);
    await toCodeStep("864 555 0142");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Verify Your Phone");
    expect(screen.getByText("(864) 555-0142")).toBeDefined();
    const field = codeField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(field.maxLength).toBe(4);
    expect(button("Verify Code").disabled).toBe(false);
    expect(button("Change Phone Number")).toBeDefined();
    expect(screen.queryByLabelText("Phone number")).toBeNull();
  });

  it("keeps only digits, at most 4, in the code field", async () => {
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    fireEvent.change(codeField(), { target: { value: "1a2 3" } });
    expect(codeField().value).toBe("123");
    fireEvent.change(codeField(), { target: { value: "123456" } });
    expect(codeField().value).toBe("1234");
  });

  it.each(["", "12", "123"])("rejects the code %j with the code error and sends nothing", async (code) => {
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode(code);
    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe(CODE_ERROR);
    expect(codeField().getAttribute("aria-invalid")).toBe("true");
    expect(codeField().getAttribute("aria-describedby")).toBe(error.id);
    expect(calls().map((c) => c.url)).toEqual(["/api/auth/login"]);
  });

  it("on a wrong code shows the server's text on the field and clears the code", async () => {
    routes["/api/auth/verify"] = () => json(401, { error: WRONG_CODE });
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode("9999");
    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe(WRONG_CODE);
    expect(codeField().getAttribute("aria-invalid")).toBe("true");
    expect(codeField().value).toBe("");
    expect(document.activeElement).toBe(codeField());
    expect(button("Verify Code").disabled).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(assignMock).not.toHaveBeenCalled();
  });

  it.each([
    // A right code at a tenant that does not admit the number: the refusal, in an alert, and no sign-in.
    "This service is by invitation. Contact City of Greer to join.",
    "Your access to this service has been suspended.",
  ])("on a refusal shows the server's 403 text %j in an alert", async (text) => {
    routes["/api/auth/verify"] = () => json(403, { error: text });
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode("1234");
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(codeField().getAttribute("aria-invalid")).toBeNull();
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(assignMock).not.toHaveBeenCalled();
  });

  it("on a lockout shows the server's 429 text in an alert", async () => {
    const lockout = "Too many wrong codes. Please wait 2 minutes and try again.";
    routes["/api/auth/verify"] = () => json(429, { error: lockout }, { "retry-after": "120" });
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode("1234");
    expect((await screen.findByRole("alert")).textContent).toBe(lockout);
    expect(codeField().getAttribute("aria-invalid")).toBeNull();
    expect(assignMock).not.toHaveBeenCalled();
  });

  it("shows Verifying... on a disabled button while the code is checked, and stays busy while leaving", async () => {
    const release = held("/api/auth/verify");
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode("1234");
    const verifying = await screen.findByRole("button", { name: "Verifying..." }) as HTMLButtonElement;
    expect(verifying.disabled).toBe(true);
    expect(button("Change Phone Number").disabled).toBe(true);
    fireEvent.submit(verifying.form!);
    expect(calls().filter((c) => c.url === "/api/auth/verify")).toHaveLength(1);

    release(json(200, { user: user([{ ...GREER, roles: ["rider"] }]), token: "tok" }));
    await waitFor(() => expect(assignMock).toHaveBeenCalledTimes(1));
    expect(button("Verifying...").disabled).toBe(true);
  });

  it("Change Phone Number goes back to step 1 keeping the number", async () => {
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    fireEvent.click(button("Change Phone Number"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome to City of Greer");
    expect(phoneField().value).toBe("(864) 555-0142");
    expect(document.activeElement).toBe(phoneField());
    // A different number then gets the code.
    typePhone("8645550199");
    fireEvent.click(button("Send Verification Code"));
    await screen.findByText("(864) 555-0199");
    expect(calls().map((c) => c.body)).toEqual([
      { phoneNumber: "8645550142", tenantCode: "greer" },
      { phoneNumber: "8645550199", tenantCode: "greer" },
    ]);
  });

  it("Resend Code sends a new code to the same number and says so", async () => {
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    fireEvent.click(button("Resend Code"));
    expect((await screen.findByRole("status")).textContent).toBe("We sent a new code to (864) 555-0142.");
    expect(calls().map((c) => [c.url, c.body])).toEqual([
      ["/api/auth/login", { phoneNumber: "8645550142", tenantCode: "greer" }],
      ["/api/auth/login", { phoneNumber: "8645550142", tenantCode: "greer" }],
    ]);
    expect(document.activeElement).toBe(codeField());
  });

  it("Resend Code shows the server's refusal", async () => {
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    const release = held("/api/auth/login");
    fireEvent.click(button("Resend Code"));
    expect((await screen.findByRole("button", { name: "Sending..." }) as HTMLButtonElement).disabled).toBe(true);
    expect(button("Verify Code").disabled).toBe(true);
    const text = "Too many codes sent to this number. Please wait 15 minutes and try again.";
    release(json(429, { error: text }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(screen.queryByRole("status")).toBeNull();
    expect(button("Resend Code").disabled).toBe(false);
  });
});

describe("LoginForm, signing in", () => {
  it.each(
    [
      ["admin", ["admin"], "/greer/admin"],
      ["super", ["super"], "/greer/admin"],
      ["admin and driver", ["rider", "driver", "admin"], "/greer/admin"],
      ["dispatcher", ["rider", "dispatcher"], "/greer/dispatch"],
      ["dispatcher who also drives", ["rider", "driver", "dispatcher"], "/greer/dispatch"],
      ["driver", ["rider", "driver"], "/greer/driver"],
      ["rider", ["rider"], "/greer/rider"],
    ] as const,
  )("sends a tenant's %s to %s and stores the token and user", async (_who, roles, target) => {
    const signedIn = user([{ code: "other", name: "Other Town", roles: ["admin"] }, { ...GREER, roles: [...roles] }]);
    routes["/api/auth/verify"] = () => json(200, { user: signedIn, token: "tok-123" });
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode("4321");
    await waitFor(() => expect(assignMock).toHaveBeenCalledTimes(1));
    expect(assignMock).toHaveBeenCalledWith(target);
    expect(localStorage.getItem("authToken")).toBe("tok-123");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(signedIn);
    const verify = calls().find((c) => c.url === "/api/auth/verify")!;
    expect(verify.method).toBe("POST");
    expect(verify.body).toEqual({ phoneNumber: "8645550142", code: "4321", tenantCode: "greer" });
  });

  it("carries back the challenge its login answered, and keeps it out of storage", async () => {
    routes["/api/auth/login"] = () => json(200, { ok: true, challenge: "chal-0123456789abcdefgh" });
    render(<LoginForm tenant={GREER} />);
    await toCodeStep();
    enterCode("4321");
    await waitFor(() => expect(assignMock).toHaveBeenCalledTimes(1));
    expect(calls().find((c) => c.url === "/api/auth/verify")!.body).toEqual({
      phoneNumber: "8645550142",
      code: "4321",
      challenge: "chal-0123456789abcdefgh",
      tenantCode: "greer",
    });
    expect(JSON.stringify({ ...localStorage })).not.toContain("chal-");
  });

  it("sends a global sign-in to / without a tenant code", async () => {
    const signedIn = user([{ ...GREER, roles: ["admin"] }]);
    routes["/api/auth/verify"] = () => json(200, { user: signedIn, token: "tok-global" });
    render(<LoginForm />);
    await toCodeStep();
    enterCode("0007");
    await waitFor(() => expect(assignMock).toHaveBeenCalledWith("/"));
    expect(calls().find((c) => c.url === "/api/auth/login")!.body).toEqual({ phoneNumber: "8645550142" });
    expect(calls().find((c) => c.url === "/api/auth/verify")!.body).toEqual({
      phoneNumber: "8645550142",
      code: "0007",
    });
    expect(localStorage.getItem("authToken")).toBe("tok-global");
    expect(JSON.parse(localStorage.getItem("user")!).id).toBe("01USER");
  });

  it("sends a signed-in member of the tenant straight to their home page, as the server says", async () => {
    localStorage.setItem("authToken", "tok");
    localStorage.setItem("user", JSON.stringify(user([{ ...GREER, roles: ["rider"] }])));
    routes["/greer/api/user/roles"] = () => json(200, { roles: ["rider", "driver"] });
    render(<LoginForm tenant={GREER} />);
    await waitFor(() => expect(assignMock).toHaveBeenCalledWith("/greer/driver"));
    expect(screen.queryByLabelText("Phone number")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("City of Greer");
  });

  it("shows the form to a signed-in user who is not a member of this tenant", async () => {
    localStorage.setItem("authToken", "tok");
    localStorage.setItem("user", JSON.stringify(user([{ code: "other", name: "Other Town", roles: ["admin"] }])));
    routes["/greer/api/user/roles"] = () => json(200, { roles: [] });
    render(<LoginForm tenant={GREER} />);
    await waitFor(() => expect(calls().map((c) => c.url)).toContain("/greer/api/user/roles"));
    await new Promise((r) => setTimeout(r, 10));
    expect(assignMock).not.toHaveBeenCalled();
    expect(phoneField()).toBeDefined();
  });

  it("trusts the server over a stale stored user, so the guard and this page cannot bounce", async () => {
    localStorage.setItem("authToken", "tok");
    localStorage.setItem("user", JSON.stringify(user([{ ...GREER, roles: ["admin"] }])));
    routes["/greer/api/user/roles"] = () => json(200, { roles: [] });
    render(<LoginForm tenant={GREER} />);
    await waitFor(() => expect(calls().map((c) => c.url)).toContain("/greer/api/user/roles"));
    await new Promise((r) => setTimeout(r, 10));
    expect(assignMock).not.toHaveBeenCalled();
    expect(phoneField()).toBeDefined();
  });

  it("shows the form when a user is stored without a token", () => {
    localStorage.setItem("user", JSON.stringify(user([{ ...GREER, roles: ["admin"] }])));
    render(<LoginForm tenant={GREER} />);
    expect(assignMock).not.toHaveBeenCalled();
    expect(phoneField()).toBeDefined();
  });
});

describe("LoginForm, signed in on the global /login", () => {
  function signIn(tenants: UserTenant[]) {
    localStorage.setItem("authToken", "tok-global");
    localStorage.setItem("user", JSON.stringify(user(tenants)));
  }

  it("lists the user's organizations with their roles, each linking to its rider page", async () => {
    signIn([{ ...GREER, roles: ["rider", "driver", "admin"] }, {
      code: "mill",
      name: "Mill Village",
      roles: ["rider"],
    }]);
    render(<LoginForm />);
    expect(screen.queryByLabelText("Phone number")).toBeNull();
    // The list loads with its own chunk, once someone is signed in.
    // The menu's heading shows while it still reads the stored user; wait for what it read.
    expect(await screen.findByText("City of Greer")).toBeDefined();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Your Organizations");
    expect(screen.getByText("Signed in as (864) 555-0142.")).toBeDefined();
    const links = screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["City of Greerrider, driver, admin", "/greer/rider"],
      ["Mill Villagerider", "/mill/rider"],
    ]);
    expect(screen.getByText("rider, driver, admin")).toBeDefined();
    expect(screen.queryByText("No organizations found")).toBeNull();
    expect(assignMock).not.toHaveBeenCalled();
  });

  it("says so when the user has no organization", async () => {
    signIn([]);
    render(<LoginForm />);
    expect(await screen.findByText("No organizations found")).toBeDefined();
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });

  it("shows Loading tenants... until the stored user has been read", () => {
    const html = renderToString(<OrganizationsMenu />);
    expect(html).toContain("Loading tenants...");
    expect(html).toContain("Your Organizations");
    signIn([{ ...GREER, roles: ["rider"] }]);
    render(<OrganizationsMenu />);
    expect(screen.queryByText("Loading tenants...")).toBeNull();
    expect(screen.getByText("City of Greer")).toBeDefined();
  });

  it("Logout ends the session on the server, clears the storage and shows the form", async () => {
    signIn([{ ...GREER, roles: ["rider"] }]);
    render(<LoginForm />);
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    await screen.findByLabelText("Phone number");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome to Hopper");
    const [call] = calls();
    expect(call.url).toBe("/api/auth/logout");
    expect(call.method).toBe("POST");
    expect(call.headers.get("authorization")).toBe("Bearer tok-global");
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("Logout signs out here even when the server cannot be reached", async () => {
    signIn([{ ...GREER, roles: ["rider"] }]);
    routes["/api/auth/logout"] = () => Promise.reject(new TypeError("Failed to fetch"));
    render(<LoginForm />);
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    await screen.findByLabelText("Phone number");
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("follows a sign-out made elsewhere on the page", async () => {
    signIn([{ ...GREER, roles: ["rider"] }]);
    render(<LoginForm />);
    expect(await screen.findByText("Your Organizations")).toBeDefined();
    clearAuth();
    expect(await screen.findByLabelText("Phone number")).toBeDefined();
  });

  it("offers Login when used on its own and nobody is signed in", () => {
    render(<OrganizationsMenu />);
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByText("Your Organizations")).toBeNull();
  });
});
