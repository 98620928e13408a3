/**
 * Browser side of sign-in state (spec section 3 "Client storage"): the token
 * in localStorage.authToken, the user in localStorage.user. Islands call the
 * API through `api()`, which adds the bearer token and signs out on a 401,
 * and follow the stored sign-in with `useSignedIn()`/`useSignedInUser()`.
 * Runs only in the browser (effects and handlers), never during render.
 */
import { useEffect, useState } from "react";
import type { Account, AccountTenant } from "../lib/account.ts";
import type { Text } from "../lib/i18n/catalogue.ts";

export type UserTenant = AccountTenant;
export type SignedInUser = Account;

const TOKEN_KEY = "authToken";
const USER_KEY = "user";
/** Fired on window when the stored user changes, so every island on the page follows. */
export const AUTH_EVENT = "hopper:auth";

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getUser(): SignedInUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? "null");
  } catch {
    return null;
  }
}

export function saveAuth(token: string | null, user: SignedInUser): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  dispatchEvent(new Event(AUTH_EVENT));
}

export function clearAuth(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  dispatchEvent(new Event(AUTH_EVENT));
}

/** The login page for where the visitor is: the tenant's inside a tenant, else /login. */
export function loginPath(tenant?: string): string {
  return tenant ? `/${tenant}/login` : "/login";
}

export class ApiError extends Error {
  /**
   * `serverError` is the server's own `{ error }` text, null when the answer
   * had none (a proxy's 502, say): screens then show their own fallback text.
   */
  constructor(readonly status: number, message: string, readonly serverError: string | null = null) {
    super(message);
    this.name = "ApiError";
  }
}

/** Spec section 8, Trips: what the screen says when the token is gone before a call. */
export const NO_TOKEN: Text = "Authentication token not available.";

/** Thrown by a `requireToken` call made with no token stored (signed out in another tab, say). */
export class MissingTokenError extends Error {
  constructor() {
    super(NO_TOKEN);
    this.name = "MissingTokenError";
  }
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  /** The tenant whose login page a 401 goes to (global /login without one). */
  tenant?: string;
  /** Throw MissingTokenError instead of calling without a token (the trips list, spec section 8). */
  requireToken?: boolean;
  /**
   * A call made by someone signing in (the login page's send and verify): no
   * token is sent, and a 401 is the answer's own (a wrong code), not a
   * session ending, so it neither signs out nor leaves the page.
   */
  anonymous?: boolean;
}

/**
 * Calls the API with the stored token and answers the body and the response
 * headers (the trips list's next cursor travels in X-Next-Cursor). A 401
 * signs out and goes to the login page (spec section 6); a 403 keeps the user
 * signed in. Non-2xx answers throw ApiError carrying the server's `error`
 * text when it sent one. A FormData body is sent as multipart (the photo
 * upload); any other body as JSON. The one fetch wrapper of the islands.
 */
export async function apiWithHeaders<T>(
  path: string,
  { method = "GET", body, tenant, requireToken = false, anonymous = false }: ApiOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  const token = anonymous ? null : getToken();
  if (requireToken && !token) throw new MissingTokenError();
  if (token) headers.authorization = `Bearer ${token}`;
  const multipart = body instanceof FormData;
  // The browser writes a multipart body's content type itself, with its boundary.
  if (body !== undefined && !multipart) headers["content-type"] = "application/json";
  const payload = body === undefined ? undefined : multipart ? body : JSON.stringify(body);
  const res = await fetch(path, { method, headers, body: payload });
  const data = await res.json().catch(() => null);
  if (res.status === 401 && token) {
    clearAuth();
    location.assign(loginPath(tenant));
  }
  if (!res.ok) {
    const serverError = typeof data?.error === "string" ? data.error : null;
    throw new ApiError(res.status, serverError ?? res.statusText, serverError);
  }
  return { data: data as T, headers: res.headers };
}

/**
 * A part of a page the server renders for the signed-in user (the reports'
 * figures), with the stored token: its HTML and status. A 400 is an
 * answer too (the part says what was wrong); a 401 signs out as `api` does;
 * anything else throws ApiError.
 */
export async function apiPart(path: string, { tenant }: Pick<ApiOptions, "tenant"> = {}): Promise<
  { status: number; html: string }
> {
  const token = getToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status === 401 && token) {
    clearAuth();
    location.assign(loginPath(tenant));
  }
  if (res.status !== 200 && res.status !== 400) {
    const data = await res.json().catch(() => null);
    const serverError = typeof data?.error === "string" ? data.error : null;
    throw new ApiError(res.status, serverError ?? res.statusText, serverError);
  }
  return { status: res.status, html: await res.text() };
}

/** `apiWithHeaders` for the body alone: what nearly every call wants. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** `read()` after mount and after every sign-in change (AUTH_EVENT here, `storage` from another tab); `before` until then. */
function useStoredAuth<T>(read: () => T, before: T): T {
  const [value, setValue] = useState<T>(before);
  useEffect(() => {
    const update = () => setValue(read());
    update();
    addEventListener(AUTH_EVENT, update);
    addEventListener("storage", update);
    return () => {
      removeEventListener(AUTH_EVENT, update);
      removeEventListener("storage", update);
    };
  }, [read]);
  return value;
}

const hasToken = () => getToken() !== null;
const storedUser = () => (getToken() ? getUser() : null);

/** Whether a token is stored; true until read, so a signed-in screen does not flash its signed-out text. */
export function useSignedIn(): boolean {
  return useStoredAuth(hasToken, true);
}

/** The signed-in user (null: signed out, or no user stored with the token); undefined until read after mount. */
export function useSignedInUser(): SignedInUser | null | undefined {
  return useStoredAuth(storedUser, undefined);
}
