/**
 * Downloads a file the API answers only with the bearer token (the
 * trips CSV): a plain link cannot send the token, so the file is fetched, kept
 * as a blob and saved under the name in its Content-Disposition. Admin screens
 * only; the same sign-out on 401 and ApiError on a refusal as `apiWithHeaders`
 * (browser/auth_client.ts, which the rider's bundle carries, so this stays apart).
 */
import { ApiError, clearAuth, getToken, loginPath, MissingTokenError } from "./auth_client.ts";

export async function downloadFile(path: string, tenant: string): Promise<void> {
  const token = getToken();
  if (!token) throw new MissingTokenError();
  const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 401) {
    clearAuth();
    location.assign(loginPath(tenant));
  }
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    const serverError = typeof data?.error === "string" ? data.error : null;
    throw new ApiError(res.status, serverError ?? res.statusText, serverError);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "download";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the blob can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
