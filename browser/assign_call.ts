/**
 * The console's assign call (POST /{t}/api/dispatch/rides/{id}/assign), the one call whose refusal carries more than
 * its text: a 409 names the limit the ride would break (`limit`, in the page's language, and `limitCode`), which
 * the console shows with "Assign anyway". api() keeps only a refusal's text, and it is on every page's first load,
 * so the call is made here, as api() makes it: the stored token, a 401 signs out and goes to the login page, any
 * other refusal throws ApiError.
 */
import { ApiError, clearAuth, getToken, loginPath } from "./auth_client.ts";

/** A 409 naming a broken limit. */
export class LimitError extends ApiError {
  constructor(message: string, readonly limit: string, readonly limitCode: string) {
    super(409, message, message);
    this.name = "LimitError";
  }
}

export async function assignCall(
  tenant: string,
  rideId: string,
  body: { vehicleId: string; override: boolean },
): Promise<void> {
  const token = getToken();
  const res = await fetch(`/${tenant}/api/dispatch/rides/${rideId}/assign`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.ok) return;
  const data = await res.json().catch(() => null);
  if (res.status === 401 && token) {
    clearAuth();
    location.assign(loginPath(tenant));
  }
  const error = typeof data?.error === "string" ? data.error : null;
  if (res.status === 409 && error && typeof data.limit === "string" && typeof data.limitCode === "string") {
    throw new LimitError(error, data.limit, data.limitCode);
  }
  throw new ApiError(res.status, error ?? res.statusText, error);
}
