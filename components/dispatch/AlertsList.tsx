/**
 * The alerts, oldest first, each in a line; a polite live region announces the alerts that were not there at the
 * last read (one announcement per new alert; one that clears and comes back is new again).
 */
import { useEffect, useRef, useState } from "react";
import { alertKey, type FleetAlert, type FleetVehicle } from "../../lib/fleet_view.ts";
import type { Ride } from "../../lib/rides.ts";
import { useT } from "../texts.tsx";
import { alertLine } from "./texts.ts";

export function AlertsList(
  { alerts, vehicles, rides }: {
    alerts: readonly FleetAlert[];
    vehicles: readonly FleetVehicle[];
    rides: readonly Ride[];
  },
) {
  const t = useT();
  const seen = useRef<Set<string> | null>(null);
  const [news, setNews] = useState("");
  const lines = alerts.map((a) => ({ key: alertKey(a), kind: a.kind, text: alertLine(a, vehicles, rides, t) }));
  const keys = lines.map((l) => l.key).join("|");
  useEffect(() => {
    const before = seen.current;
    seen.current = new Set(lines.map((l) => l.key));
    // The first read is the page as it opens: read by the list itself, not announced.
    if (!before) return;
    const fresh = lines.filter((l) => !before.has(l.key)).map((l) => l.text);
    if (fresh.length) setNews(t("New alert: {text}", { text: fresh.join(" · ") }));
  }, [keys]);
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">{news}</p>
      {lines.length === 0 ? <p className="empty-state">{t("No alerts.")}</p> : (
        <ul className="dispatch-alerts">
          {lines.map((l) => <li key={l.key} className={`dispatch-alert dispatch-alert--${l.kind}`}>{l.text}</li>)}
        </ul>
      )}
    </>
  );
}
