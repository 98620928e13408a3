/**
 * The browser's half of "Download my data" and "Delete my account":
 * both go through the one fetch wrapper (a 401 signs out there as anywhere).
 */
import { api, apiWithHeaders } from "./auth_client.ts";

/** The file name the server gave in Content-Disposition, else a plain one. */
export function exportFileName(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "hopper-my-data.json";
}

/** Asks for the export and hands it to the browser as a download. */
export async function downloadMyData(tenant: string): Promise<void> {
  const { data, headers } = await apiWithHeaders<unknown>("/api/users/me/export", { tenant });
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(headers.get("content-disposition"));
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Deletes the signed-in account; the server checks `phoneLastFour` too. */
export async function deleteMyAccount(tenant: string, phoneLastFour: string): Promise<void> {
  await api("/api/users/me", { method: "DELETE", body: { phoneLastFour }, tenant });
}
