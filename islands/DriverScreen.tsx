/**
 * The driver screen (spec section 2, "Driver screen"; sections 4, 7, 9),
 * behind the access guard (driver required). A phone in a shuttle's cradle:
 * the availability switch on top, the map, then the ride list with big
 * buttons.
 *
 * - Availability: GET, then PUT with the current location when switched.
 * - The ride list comes over HTTP on load and on every socket open, then live
 *   over /{tenant}/ws/drivers (browser/live_client.ts logs 1008/1011 closes as
 *   an access restriction); polled every 15 s while the socket is down.
 * - Each card's buttons come from the transition table through
 *   lib/ride_display.ts driverActions, "Another ride is already in progress"
 *   disabling the start of a second ride.
 * - While online, the position is sent whenever it has moved 10 m or more
 *   since the last one sent, and the screen is kept awake (Wake Lock API,
 *   where the browser has it).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Guard, Loading } from "../components/Guard.tsx";
import { MapView } from "../components/map/MapView.tsx";
import type { MapPin } from "../components/map/types.ts";
import type { Ride } from "../lib/rides.ts";
import { api, ApiError, getUser } from "../browser/auth_client.ts";
import { distanceMeters, type Point } from "../lib/geo.ts";
import { GEO_UNSUPPORTED_DRIVER, useGeolocation } from "../browser/geolocation.ts";
import { type LiveMessage, useLiveSocket, useNow, usePolling } from "../browser/live_client.ts";
import { formatPhone } from "../lib/phone.ts";
import { relativeTime } from "../lib/relative_time.ts";
import { type DriverAction, driverActions } from "../lib/driver_actions.ts";
import { sortDriverRides, upsertDriverRide } from "../lib/ride_lists.ts";
import { destinationText, passengersText, statusLabel } from "../lib/ride_texts.ts";
import type { ServiceArea } from "../lib/schemas.ts";

export interface DriverScreenProps {
  tenant: string;
  area: ServiceArea;
  mapStyleUrl: string | null;
}

export const NO_RIDES = "No active ride requests";
export const POLL_MS = 15_000;
/** Spec section 9: the driver's location is pushed after a move of 10 m. */
export const MOVE_METERS = 10;
export const UPDATE_FAILED = "Failed to update ride.";
export const AVAILABILITY_FAILED = "Failed to update availability. Please try again.";

export default function DriverScreen(props: DriverScreenProps) {
  return <Guard tenant={props.tenant} required="driver">{() => <DriverHome {...props} />}</Guard>;
}

function DriverHome({ tenant, area, mapStyleUrl }: DriverScreenProps) {
  const me = getUser()?.id ?? "";
  const [available, setAvailable] = useState<boolean | null>(null);
  const [switching, setSwitching] = useState(false);
  const [availabilityError, setAvailabilityError] = useState<string | null>(null);
  const [rides, setRides] = useState<Ride[] | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [rideError, setRideError] = useState<{ id: string; text: string } | null>(null);
  const gps = useGeolocation(GEO_UNSUPPORTED_DRIVER);
  const location = gps.point;

  const changes = useRef(0);
  const loadRides = useCallback(() => {
    const started = changes.current;
    api<Ride[]>(`/${tenant}/api/driver/rides`, { tenant }).then(
      (list) => {
        if (changes.current === started && Array.isArray(list)) setRides(sortDriverRides(list));
      },
      () => setRides((held) => held ?? []),
    );
  }, [tenant]);

  useEffect(() => {
    api<{ isAvailable?: boolean }>(`/${tenant}/api/drivers/availability`, { tenant }).then(
      (data) => setAvailable(data?.isAvailable === true),
      () => setAvailable(false),
    );
    loadRides();
  }, [tenant, loadRides]);

  const onMessage = useCallback((message: LiveMessage) => {
    if (message.type === "driver-updates") return;
    changes.current++;
    setRides((list) => upsertDriverRide(list ?? [], message.ride, me));
  }, [me]);

  const { connected } = useLiveSocket({ tenant, kind: "drivers", onMessage, onOpen: loadRides });
  usePolling(loadRides, POLL_MS, !connected);

  // The last position the server has; a new one goes out after a move of MOVE_METERS.
  const sent = useRef<Point | null>(null);
  useEffect(() => {
    if (!available || !location) return;
    if (sent.current && distanceMeters(sent.current, location) < MOVE_METERS) return;
    const previous = sent.current;
    sent.current = location;
    api(`/${tenant}/api/users/location`, { method: "PUT", body: { location }, tenant }).catch(() => {
      // Try again with the next fix.
      if (sent.current === location) sent.current = previous;
    });
  }, [tenant, available, location]);

  useWakeLock(available === true);

  const toggle = async () => {
    if (available === null || switching) return;
    setSwitching(true);
    setAvailabilityError(null);
    try {
      const answer = await api<{ isAvailable: boolean; location: Point | null }>(
        `/${tenant}/api/drivers/availability`,
        { method: "PUT", body: { isAvailable: !available, location: location ?? null }, tenant },
      );
      if (answer.isAvailable && answer.location) sent.current = answer.location;
      setAvailable(answer.isAvailable);
    } catch {
      setAvailabilityError(AVAILABILITY_FAILED);
    } finally {
      setSwitching(false);
    }
  };

  const move = async (ride: Ride, action: DriverAction) => {
    if (moving) return;
    setMoving(ride.id);
    setRideError(null);
    try {
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides/${encodeURIComponent(ride.id)}`, {
        method: "PUT",
        body: { status: action.to },
        tenant,
      });
      changes.current++;
      setRides((list) => upsertDriverRide(list ?? [], answer.ride, me));
    } catch (error) {
      const text = error instanceof ApiError && error.serverError ? error.serverError : UPDATE_FAILED;
      setRideError({ id: ride.id, text });
      // Someone else may have moved it (another driver accepted it first): show the list as it is.
      loadRides();
    } finally {
      setMoving(null);
    }
  };

  const pins = driverPins(rides ?? [], location, me);

  return (
    <div className="ride-screen ride-screen--driver">
      <div className="ride-screen__map">
        <div className="ride-screen__bar">
          <h1 className="ride-screen__title">Driver Dashboard</h1>
          <AvailabilitySwitch available={available} busy={switching} onToggle={toggle} />
        </div>
        {availabilityError && <p className="notice notice--error" role="alert">{availabilityError}</p>}
        {!location && (
          <div className="locate">
            <button type="button" className="button button--large ride-button" onClick={gps.retry}>
              {available ? "Find Riders" : "Find your location"}
            </button>
            {gps.error && <p className="locate__error" role="alert">{gps.error}</p>}
          </div>
        )}
        <MapView
          area={area}
          styleUrl={mapStyleUrl}
          pins={pins}
          label={`Map of ride pickups around ${area.label}`}
        />
        {!connected && <p className="live-note live-note--quiet">Updates every 15 seconds while reconnecting.</p>}
      </div>
      <section className="ride-screen__panel" aria-labelledby="driver-rides">
        <h2 id="driver-rides" className="ride-list__title">
          Active Ride Requests
          {rides && rides.length > 0 && <span className="ride-list__count">{rides.length}</span>}
        </h2>
        {rides === null
          ? <Loading />
          : rides.length === 0
          ? <p className="empty-state">{NO_RIDES}</p>
          : (
            <ul className="ride-list">
              {rides.map((ride) => (
                <RideItem
                  key={ride.id}
                  ride={ride}
                  actions={driverActions(ride, rides, me)}
                  busy={moving !== null}
                  error={rideError?.id === ride.id ? rideError.text : null}
                  onAction={(action) => move(ride, action)}
                />
              ))}
            </ul>
          )}
      </section>
    </div>
  );
}

/** Pickups in their status colour, destinations of this driver's own rides, and the driver. */
export function driverPins(rides: Ride[], location: Point | null, me: string): MapPin[] {
  const pins: MapPin[] = [];
  for (const ride of rides) {
    const who = ride.riderName ?? "Rider";
    pins.push({
      id: ride.id,
      kind: "ride",
      at: ride.pickup,
      status: ride.status,
      title: `${who}: ${statusLabel(ride.status)}`,
    });
    pins.push({ id: ride.id, kind: "pickup", at: ride.pickup, title: `Pickup for ${who}` });
    if (ride.dropoff && ride.assignedDriverId === me) {
      pins.push({ id: ride.id, kind: "destination", at: ride.dropoff, title: `Destination for ${who}` });
    }
  }
  if (location) pins.push({ id: "me", kind: "shuttle", at: location, self: true, title: "You are here" });
  return pins;
}

function AvailabilitySwitch(
  { available, busy, onToggle }: { available: boolean | null; busy: boolean; onToggle(): void },
) {
  const on = available === true;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={on ? "availability availability--on" : "availability"}
      disabled={available === null || busy}
      onClick={onToggle}
    >
      <span className="availability__track" aria-hidden="true">
        <span className="availability__thumb" />
      </span>
      <span className="availability__text">
        <span className="availability__label">Available for rides</span>
        <span className="availability__state">{available === null ? "Loading..." : on ? "Online" : "Offline"}</span>
      </span>
    </button>
  );
}

/** tel: link for a US number as stored (10 digits). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : digits.length === 11 ? `+${digits}` : digits}`;
}

function RideItem(
  { ride, actions, busy, error, onAction }: {
    ride: Ride;
    actions: DriverAction[];
    busy: boolean;
    error: string | null;
    onAction(action: DriverAction): void;
  },
) {
  const now = useNow(30_000);
  const blocked = actions.find((a) => a.disabledReason);
  const titleId = `ride-${ride.id}`;
  return (
    <li className={`ride-item ride-item--${ride.status}`} aria-labelledby={titleId}>
      <div className="ride-item__head">
        <h3 id={titleId} className="ride-item__name">{ride.riderName ?? "Rider"}</h3>
        <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status)}</span>
      </div>
      <dl className="ride-facts ride-facts--compact">
        <div>
          <dt>Passengers</dt>
          <dd>{passengersText(ride.passengerCt)}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a className="ride-item__phone" href={telHref(ride.riderPhone)}>{formatPhone(ride.riderPhone)}</a>
          </dd>
        </div>
        <div>
          <dt>Destination</dt>
          <dd>{destinationText(ride)}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{relativeTime(ride.requestedAt, now)}</dd>
        </div>
      </dl>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {actions.length > 0 && (
        <div className="ride-item__actions">
          {actions.map((action) => (
            <button
              key={action.to}
              type="button"
              className={action.tone === "danger"
                ? "button button--secondary ride-button ride-button--quiet-danger"
                : "button ride-button"}
              disabled={busy || !!action.disabledReason}
              title={action.disabledReason}
              onClick={() => onAction(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      {blocked && <p className="ride-item__note">{blocked.disabledReason}</p>}
    </li>
  );
}

/** Keeps the screen on while `on` (Wake Lock API, where the browser has it); taken again when the tab returns. */
function useWakeLock(on: boolean): void {
  useEffect(() => {
    if (!on || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      navigator.wakeLock.request("screen").then(
        (sentinel) => {
          if (live) lock = sentinel;
          else sentinel.release().catch(() => {});
        },
        // Refused (battery saver, no user gesture yet): the screen just sleeps as usual.
        () => {},
      );
    };
    take();
    document.addEventListener("visibilitychange", take);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", take);
      lock?.release().catch(() => {});
    };
  }, [on]);
}
