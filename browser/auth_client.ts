/**
 * Browser side of sign-in state (spec section 3 "Client storage"): the token
 * in localStorage.authToken, the user in localStorage.user. Islands call the
 * API through `api()`, which adds the bearer token and signs out on a 401.
 * Runs only in the browser (effects and handlers), never during render.
 */
import type { Account, AccountTenant } from "../lib/account.ts";

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

/**
 * Calls the API with the stored token. A 401 signs out and goes to the login
 * page (spec section 6); a 403 keeps the user signed in. Non-2xx answers throw
 * ApiError carrying the server's `error` text when it sent one. A FormData
 * body is sent as multipart (the photo upload); any other body as JSON.
 */
export async function api<T>(
  path: string,
  { method = "GET", body, tenant }: { method?: string; body?: unknown; tenant?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
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
  return data as T;
}
