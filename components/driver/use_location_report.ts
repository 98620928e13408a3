/**
 * While the driver is online, sends the position whenever it has moved 10 m
 * or more since the last one the server has (spec section 9). Returns that
 * last position, which the availability switch sets from its own answer.
 */
import { type RefObject, useEffect, useRef } from "react";
import { api } from "../../browser/auth_client.ts";
import { distanceMeters, type Point } from "../../lib/geo.ts";

/** Spec section 9: the driver's location is pushed after a move of 10 m. */
export const MOVE_METERS = 10;

export function useLocationReport(tenant: string, online: boolean, location: Point | null): RefObject<Point | null> {
  const sent = useRef<Point | null>(null);
  useEffect(() => {
    if (!online || !location) return;
    if (sent.current && distanceMeters(sent.current, location) < MOVE_METERS) return;
    const previous = sent.current;
    sent.current = location;
    api(`/${tenant}/api/users/location`, { method: "PUT", body: { location }, tenant }).catch(() => {
      // Try again with the next fix.
      if (sent.current === location) sent.current = previous;
    });
  }, [tenant, online, location]);
  return sent;
}
