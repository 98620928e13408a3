/**
 * The trips screen's live feed (issue 7: new and changed trips appear
 * without Refresh): an admin's socket on /{tenant}/ws/drivers?scope=all,
 * which carries every ride change (docs/live.md), and the rule that merges a
 * changed trip into the list on screen. Browser-only code runs in the effect.
 */
import { useEffect, useRef, useState } from "react";
import type { Ride } from "../lib/rides.ts";
import { ApiError, getToken } from "./auth_client.ts";
import { backoffDelay, requestTicket } from "./live_client.ts";
import { type Trip, type TripStatus, tripStatusOf } from "../lib/trips.ts";

export type FeedState = "connecting" | "live" | "offline" | "refused";

/** Close codes the spec treats as an access restriction: logged, never retried (section 7). */
const REFUSED = new Set([1008, 1011]);

/**
 * Opens the socket and keeps it open (reconnecting with backoff); calls
 * `onRide` for each ride message, and `onOpen` each time it opens: changes
 * committed before that (while the page loaded, or during a drop) were not
 * heard, so the caller reads its list again.
 */
export function useRideFeed(
  tenant: string,
  { onRide, onOpen }: { onRide: (ride: Ride) => void; onOpen: () => void },
): FeedState {
  const [state, setState] = useState<FeedState>("connecting");
  const handlers = useRef({ onRide, onOpen });
  handlers.current = { onRide, onOpen };

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let stopped = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const retry = () => {
      setState("offline");
      timer = setTimeout(connect, backoffDelay(failures++)); // full jitter, 1 s base, 30 s cap
    };
    const connect = async () => {
      if (!getToken() || stopped) return;
      // A fresh single-use ticket for every open: the token stays out of the URL (docs/live.md "Tickets").
      let ticket: string | null;
      try {
        ticket = await requestTicket(tenant);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) setState("refused");
        else retry();
        return;
      }
      if (!ticket || stopped) return;
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      const url = `${scheme}//${location.host}/${tenant}/ws/drivers?scope=all&ticket=${encodeURIComponent(ticket)}`;
      const ws = new WebSocket(url);
      socket = ws;
      ws.onopen = () => {
        failures = 0;
        setState("live");
        handlers.current.onOpen();
      };
      ws.onmessage = (event) => {
        let message: { type?: string; ride?: Ride };
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if ((message.type === "new" || message.type === "update") && message.ride?.id) {
          handlers.current.onRide(message.ride);
        }
      };
      ws.onclose = (event) => {
        if (stopped || socket !== ws) return;
        if (REFUSED.has(event.code)) {
          console.warn(`live trips: the server closed the socket (${event.code})`);
          setState("refused");
          return;
        }
        retry();
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000);
    };
  }, [tenant]);

  return state;
}

export type TripFilter = "all" | TripStatus;

export function matchesFilter(trip: Pick<Trip, "status">, filter: TripFilter): boolean {
  return filter === "all" || tripStatusOf(trip.status) === filter;
}

/**
 * The list after `trip` changed: replaced where it is, dropped when it no
 * longer matches the filter, added in id (request time) order when it does
 * and is newer than `boundary`, the oldest trip the loaded pages reached
 * (null once no older page remains: then anything belongs). A trip older
 * than that shows up when its page is loaded.
 */
export function mergeTrip(list: Trip[], trip: Trip, filter: TripFilter, boundary: string | null): Trip[] {
  const at = list.findIndex((t) => t.id === trip.id);
  const matches = matchesFilter(trip, filter);
  if (at !== -1) {
    if (!matches) return list.filter((t) => t.id !== trip.id);
    const next = [...list];
    next[at] = trip;
    return next;
  }
  if (!matches || (boundary !== null && trip.id < boundary)) return list;
  return [...list, trip].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
