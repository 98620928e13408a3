/**
 * The one admin call that needs a response header: the trips list's next
 * cursor travels in X-Next-Cursor (the body is the spec's bare array).
 * Behaves as browser/auth_client.ts's api() does otherwise: bearer token, a 401
 * signs out and goes to the login page, other failures throw ApiError.
 */
import { ApiError, clearAuth, getToken, loginPath } from "./auth_client.ts";

/** Spec section 8, Trips: what the screen says when the token is gone before a call. */
export const NO_TOKEN = "Authentication token not available.";

export class MissingTokenError extends Error {
  constructor() {
    super(NO_TOKEN);
    this.name = "MissingTokenError";
  }
}

export async function getWithHeaders<T>(path: string, tenant: string): Promise<{ data: T; headers: Headers }> {
  const token = getToken();
  if (!token) throw new MissingTokenError();
  const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  const data = await res.json().catch(() => null);
  if (res.status === 401) {
    clearAuth();
    location.assign(loginPath(tenant));
  }
  if (!res.ok) {
    const serverError = typeof data?.error === "string" ? data.error : null;
    throw new ApiError(res.status, serverError ?? res.statusText, serverError);
  }
  return { data: data as T, headers: res.headers };
}
