/**
 * While the driver is online, sends the position whenever it has moved 10 m
 * or more since the last one the server has (spec section 9). While they
 * hold a ride whose rider watches them come (accepted, on the way, aboard)
 * it is sent also at least every HOLDING_REPORT_MS, standing still
 * or offline, so the rider's map and arrival time stay current. Online and
 * standing still, it is sent every ONLINE_REPORT_MS: a driver waiting at a
 * stop stays counted available (kv/drivers.ts forgets one silent for 10
 * minutes) and their waiting counts as service hours. Returns the
 * last position sent, which the availability switch sets from its own answer.
 */
import { type RefObject, useEffect, useRef } from "react";
import { api } from "../../browser/auth_client.ts";
import { distanceMeters, type Point } from "../../lib/geo.ts";

/** Spec section 9: the driver's location is pushed after a move of 10 m. */
export const MOVE_METERS = 10;

/** The longest a held ride's rider waits for a fresh position. */
export const HOLDING_REPORT_MS = 15_000;

/** The longest an online driver standing still stays silent, well inside kv/drivers.ts DRIVER_STALE_MS. */
export const ONLINE_REPORT_MS = 4 * 60_000;

export function useLocationReport(
  tenant: string,
  online: boolean,
  location: Point | null,
  holding = false,
): RefObject<Point | null> {
  const sent = useRef<Point | null>(null);
  const latest = useRef(location);
  latest.current = location;
  useEffect(() => {
    if (!holding && !online) return;
    const timer = setInterval(() => {
      const at = latest.current;
      if (!at) return;
      sent.current = at;
      api(`/${tenant}/api/users/location`, { method: "PUT", body: { location: at }, tenant }).catch(() => {});
    }, holding ? HOLDING_REPORT_MS : ONLINE_REPORT_MS);
    return () => clearInterval(timer);
  }, [tenant, holding, online]);
  useEffect(() => {
    if (!(online || holding) || !location) return;
    if (sent.current && distanceMeters(sent.current, location) < MOVE_METERS) return;
    const previous = sent.current;
    sent.current = location;
    api(`/${tenant}/api/users/location`, { method: "PUT", body: { location }, tenant }).catch(() => {
      // Try again with the next fix.
      if (sent.current === location) sent.current = previous;
    });
  }, [tenant, online, holding, location]);
  return sent;
}
