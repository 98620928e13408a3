/**
 * "Download CSV (last 30 days)" on the trips screen: the trips CSV
 * (GET /{t}/api/admin/trips.csv) of the tenant's last 30 local days, today
 * included. Other ranges are the API's (docs/api.md, "Trips CSV").
 */
import { useState } from "react";
import { downloadFile } from "../../browser/download_file.ts";
import { ApiError } from "../../browser/auth_client.ts";
import { lastDays, tripsCsvPath } from "../../lib/trips_csv_range.ts";
import { useT } from "../texts.tsx";

export function TripsCsvButton({ tenant, timeZone }: { tenant: string; timeZone?: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      await downloadFile(tripsCsvPath(tenant, lastDays(Date.now(), zone, 30)), tenant);
    } catch (e) {
      setError(
        e instanceof ApiError && e.serverError
          ? e.serverError
          : t("The CSV could not be downloaded. Please try again."),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-toolbar__download">
      <button type="button" className="button button--secondary" onClick={download} disabled={busy}>
        {busy ? t("Downloading...") : t("Download CSV (last 30 days)")}
      </button>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
    </div>
  );
}
