/**
 * Shared set-up for the signed-in islands in happy-dom: a stored session, a
 * fetch stub answering by method and path, and spies on location.
 */
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, type Mock, vi } from "vitest";
import { resetRolesCache } from "../../components/Guard.tsx";
import type { SignedInUser } from "../../browser/auth_client.ts";
import type { Role } from "../../lib/roles.ts";

export const TOKEN = "token-abc";
/** What POST /{tenant}/api/ws-ticket answers unless a test routes it itself: "ticket-1", "ticket-2", … */
export const TICKET_PREFIX = "ticket-";

export function makeUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    id: "01USER0000000000000000000",
    name: "Ada Lovelace",
    email: "ada@example.org",
    phoneNumber: "8645550123",
    photoUrl: null,
    createdAt: 1_700_000_000_000,
    tenants: [{ code: "greer", name: "City of Greer", roles: ["rider"] }],
    ...overrides,
  };
}

/** Stores a session as the login page does. */
export function signIn(user: SignedInUser = makeUser(), token = TOKEN) {
  localStorage.setItem("authToken", token);
  localStorage.setItem("user", JSON.stringify(user));
}

export type Route = (init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/**
 * Stubs fetch with routes keyed "METHOD /path"; anything else answers 404.
 * `roles` answers GET /greer/api/user/roles; POST /{tenant}/api/ws-ticket
 * answers a numbered ticket (the live sockets ask for one before each open).
 */
export function stubApi({ roles, routes = {} }: { roles?: Role[] | Route; routes?: Record<string, Route> } = {}) {
  let tickets = 0;
  const fetchMock: Mock<typeof fetch> = vi.fn<typeof fetch>((input, init = {}) => {
    const path = String(input);
    const key = `${init.method ?? "GET"} ${path}`;
    const route = key === "GET /greer/api/user/roles" && roles !== undefined
      ? (typeof roles === "function" ? roles : () => json({ roles }))
      : routes[key] ??
        (/^POST \/[^/]+\/api\/ws-ticket$/.test(key)
          ? () => json({ ticket: `${TICKET_PREFIX}${++tickets}` })
          : undefined);
    return Promise.resolve(route ? route(init) : json({ error: "Not found" }, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Spies on location.replace and location.assign so the page stays put. */
export function spyLocation() {
  return {
    replace: vi.spyOn(globalThis.location, "replace").mockImplementation(() => {}),
    assign: vi.spyOn(globalThis.location, "assign").mockImplementation(() => {}),
  };
}

/**
 * Registers what every signed-in island test needs around it: no session and
 * fresh location spies before, the rendered tree and every stub gone after.
 * Answers the running test's location spies.
 */
export function signedInTests(): ReturnType<typeof spyLocation> {
  const loc = {} as ReturnType<typeof spyLocation>;
  beforeEach(() => {
    resetSession();
    Object.assign(loc, spyLocation());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return loc;
}

export function resetSession() {
  localStorage.clear();
  resetRolesCache();
}

/** The calls made to one "METHOD /path". */
export function callsTo(fetchMock: Mock<typeof fetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? "GET") === method);
}
