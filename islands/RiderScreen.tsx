/**
 * The rider screen (spec section 2, "Rider screen"; sections 4, 5, 7, 8, 9),
 * behind the access guard (rider required). Built for one hand on a phone:
 * the map on top, the request (or the Current Ride card) under it, the main
 * button in thumb reach at the bottom of the screen.
 *
 * - Drivers online and the rider's ride come over HTTP on load and on every
 *   socket open, then live over /{tenant}/ws/riders; while the socket is down
 *   both are polled every 15 s. A fetch that started before a newer live
 *   change arrived is dropped, so a slow answer never undoes it.
 * - A map tap follows components/map/click.ts: ignored during a ride, refused
 *   outside the area with the spec's alert, else it sets the pickup (while the
 *   picker is open) or the destination ("MAP LOCATION" in the field).
 * - The request is checked on the page first (lib/ride_display.ts), in the
 *   spec's order; the ride is refetched 500 ms after a request or a cancel.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { Guard, Loading } from "../components/Guard.tsx";
import { mapClick } from "../components/map/click.ts";
import { MapView } from "../components/map/MapView.tsx";
import type { MapPin } from "../components/map/types.ts";
import { ScheduleList } from "../components/ScheduleList.tsx";
import type { AvailableDriver } from "../lib/drivers.ts";
import type { Ride } from "../lib/rides.ts";
import { api, ApiError } from "../browser/auth_client.ts";
import type { Point } from "../lib/geo.ts";
import { GEO_UNSUPPORTED_RIDER, useGeolocation } from "../browser/geolocation.ts";
import { type LiveMessage, useLiveSocket, useNow, usePolling } from "../browser/live_client.ts";
import { relativeTime } from "../lib/relative_time.ts";
import { nextRiderRide } from "../lib/ride_lists.ts";
import {
  CANCEL_FAILED,
  checkRequest,
  NOTHING_TO_CANCEL,
  REQUEST_FAILED,
  typedDestination,
} from "../lib/ride_request.ts";
import { destinationText, MAP_LOCATION, onlineText, riderMessage, statusLabel } from "../lib/ride_texts.ts";
import { isActive } from "../lib/rides.ts";
import type { Schedule, ServiceArea } from "../lib/schemas.ts";

export interface RiderScreenProps {
  tenant: string;
  area: ServiceArea;
  mapStyleUrl: string | null;
}

export const POLL_MS = 15_000;
export const REFETCH_MS = 500;
export const SCHEDULE_ERROR = "The schedule could not be loaded. Please try again later.";
export const PICKING_HINT = "Tap the map where you want to be picked up.";

export default function RiderScreen(props: RiderScreenProps) {
  return <Guard tenant={props.tenant} required="rider">{() => <RiderHome {...props} />}</Guard>;
}

function RiderHome({ tenant, area, mapStyleUrl }: RiderScreenProps) {
  const [drivers, setDrivers] = useState<AvailableDriver[] | null>(null);
  const [ride, setRide] = useState<Ride | null>(null);
  const [rideLoaded, setRideLoaded] = useState(false);
  /** The message of the ride that just ended ("Ride completed!"), until the next request. */
  const [ended, setEnded] = useState<string | null>(null);

  // Live changes and our own answers bump this; a fetch started before a bump is stale.
  const changes = useRef(0);
  const rideNow = useRef<Ride | null>(null);
  rideNow.current = ride;

  const showRide = useCallback((next: Ride | null) => {
    const current = rideNow.current;
    if (next && !isActive(next.status)) {
      if (current && current.id !== next.id) return;
      setRide(null);
      setEnded(riderMessage(next.status));
      return;
    }
    if (next) setEnded(null);
    setRide(next ? nextRiderRide(current, next) : null);
  }, []);

  const loadRide = useCallback(() => {
    const started = changes.current;
    api<Ride | null>(`/${tenant}/api/rides/my`, { tenant }).then(
      (fetched) => {
        setRideLoaded(true);
        if (changes.current !== started) return;
        showRide(fetched ?? null);
      },
      () => setRideLoaded(true),
    );
  }, [tenant, showRide]);

  const loadDrivers = useCallback(() => {
    const started = changes.current;
    api<AvailableDriver[]>(`/${tenant}/api/drivers/available`, { tenant }).then(
      (list) => {
        if (changes.current === started && Array.isArray(list)) setDrivers(list);
      },
      // Still unknown: the count keeps its last value ("Loading..." at first).
      () => {},
    );
  }, [tenant]);

  const refresh = useCallback(() => {
    loadRide();
    loadDrivers();
  }, [loadRide, loadDrivers]);

  useEffect(refresh, [refresh]);

  const onMessage = useCallback((message: LiveMessage) => {
    changes.current++;
    if (message.type === "driver-updates") setDrivers(message.drivers);
    else showRide(message.ride);
  }, [showRide]);

  const { connected } = useLiveSocket({ tenant, kind: "riders", onMessage, onOpen: refresh });
  usePolling(refresh, POLL_MS, !connected);

  // The request form.
  const [destination, setDestination] = useState("");
  const [dropoff, setDropoff] = useState<Point | null>(null);
  const [passengers, setPassengers] = useState(1);
  const [chosenPickup, setChosenPickup] = useState<Point | null>(null);
  const [picking, setPicking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const gps = useGeolocation(GEO_UNSUPPORTED_RIDER);
  const pickup = chosenPickup ?? gps.point;

  // Spec section 9: the ride is fetched again 500 ms after a request or a cancel; forgotten on unmount.
  const refetches = useRef(new Set<ReturnType<typeof setTimeout>>());
  const refetchSoon = useCallback(() => {
    const timer = setTimeout(() => {
      refetches.current.delete(timer);
      loadRide();
    }, REFETCH_MS);
    refetches.current.add(timer);
  }, [loadRide]);
  useEffect(() => {
    const timers = refetches.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  const onPick = useCallback((point: Point) => {
    const result = mapClick({ point, area, rideActive: rideNow.current !== null, picking });
    if (result.kind === "outside") alert(result.alert);
    else if (result.kind === "pickup") {
      setChosenPickup(result.point);
      setPicking(false);
    } else if (result.kind === "destination") {
      setDropoff(result.point);
      setDestination(MAP_LOCATION);
      setFormError(null);
    }
  }, [area, picking]);

  const request = async () => {
    if (sending) return;
    setFormError(null);
    const check = checkRequest({
      driversOnline: drivers?.length ?? null,
      pickup,
      dropoff,
      destination,
      passengers,
    });
    if (!check.ok) {
      setFormError(check.error);
      return;
    }
    setSending(true);
    try {
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides`, { method: "POST", body: check.body, tenant });
      changes.current++;
      showRide(answer.ride);
      setDestination("");
      setDropoff(null);
      setChosenPickup(null);
      setPicking(false);
      setCardError(null);
    } catch (error) {
      setFormError(error instanceof ApiError && error.serverError ? error.serverError : REQUEST_FAILED);
    } finally {
      setSending(false);
      refetchSoon();
    }
  };

  const cancel = async () => {
    setCardError(null);
    const current = rideNow.current;
    if (!current) {
      setCardError(NOTHING_TO_CANCEL);
      return;
    }
    setSending(true);
    try {
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides/${encodeURIComponent(current.id)}`, {
        method: "PUT",
        body: { status: "canceled" },
        tenant,
      });
      changes.current++;
      showRide(answer.ride);
    } catch (error) {
      // 404: the ride is no longer there to cancel (deleted, or never this rider's).
      setCardError(error instanceof ApiError && error.status === 404 ? NOTHING_TO_CANCEL : CANCEL_FAILED);
    } finally {
      setSending(false);
      refetchSoon();
    }
  };

  const pins = ridePins(ride, pickup, dropoff, drivers);
  const noDrivers = drivers !== null && drivers.length === 0;

  return (
    <div className="ride-screen">
      <div className="ride-screen__map">
        <div className="ride-screen__bar">
          <h1 className="ride-screen__title">Request a Ride</h1>
          <DriverCount count={drivers === null ? null : drivers.length} />
        </div>
        <MapView
          area={area}
          styleUrl={mapStyleUrl}
          pins={pins}
          onPick={onPick}
          picking={picking}
          label={`Map of the service area around ${area.label}`}
        />
        <LiveNote connected={connected} />
      </div>
      <div className="ride-screen__panel">
        {ended && !ride && <p className="ride-ended" role="status">{ended}</p>}
        {!rideLoaded
          ? <Loading />
          : ride
          ? <CurrentRide ride={ride} onCancel={cancel} error={cardError} busy={sending} />
          : (
            <RequestForm
              destination={destination}
              onDestination={(text) => {
                const next = typedDestination(text, dropoff);
                setDestination(next.destination);
                setDropoff(next.dropoff);
              }}
              passengers={passengers}
              onPassengers={setPassengers}
              pickupText={pickupText(picking, chosenPickup, gps.point, gps.error)}
              picking={picking}
              chosen={chosenPickup !== null}
              onPick={() => setPicking(true)}
              onCancelPick={() => setPicking(false)}
              onUseGps={() => {
                setChosenPickup(null);
                setPicking(false);
                if (!gps.point) gps.retry();
              }}
              error={formError}
              sending={sending}
              onRequest={request}
            />
          )}
        {noDrivers && <WeeklySchedule tenant={tenant} />}
      </div>
    </div>
  );
}

function pickupText(picking: boolean, chosen: Point | null, gps: Point | null, gpsError: string | null): string {
  if (picking) return PICKING_HINT;
  if (chosen) return "The point you set on the map";
  if (gps) return "Your current location (GPS)";
  return gpsError ?? "Finding your location...";
}

/** The map's pins: drivers online, and the ride's points (or the request's while there is none). */
export function ridePins(
  ride: Ride | null,
  pickup: Point | null,
  dropoff: Point | null,
  drivers: AvailableDriver[] | null,
): MapPin[] {
  const pins: MapPin[] = (drivers ?? []).map((d) => ({
    id: d.id,
    kind: "shuttle",
    at: d.location,
    title: d.name ? `Shuttle: ${d.name}` : "Shuttle",
  }));
  if (ride) {
    pins.push({
      id: ride.id,
      kind: "ride",
      at: ride.pickup,
      status: ride.status,
      title: `Your ride: ${statusLabel(ride.status)}`,
    });
    pins.push({ id: "pickup", kind: "pickup", at: ride.pickup, title: "Pickup" });
    if (ride.dropoff) pins.push({ id: "destination", kind: "destination", at: ride.dropoff, title: "Destination" });
    return pins;
  }
  if (pickup) pins.push({ id: "pickup", kind: "pickup", at: pickup, title: "Pickup" });
  if (dropoff) pins.push({ id: "destination", kind: "destination", at: dropoff, title: "Destination" });
  return pins;
}

function DriverCount({ count }: { count: number | null }) {
  return (
    <p className={count ? "online-count online-count--some" : "online-count"}>
      <span className="online-count__dot" aria-hidden="true" />
      {onlineText(count)}
    </p>
  );
}

/** Shown while the socket is down and the screen polls (not in the first seconds, while it connects). */
function LiveNote({ connected }: { connected: boolean }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), 4000);
    return () => clearTimeout(timer);
  }, []);
  if (connected || !settled) return null;
  return <p className="live-note">Reconnecting… updates every 15 seconds meanwhile.</p>;
}

interface RequestFormProps {
  destination: string;
  onDestination(text: string): void;
  passengers: number;
  onPassengers(n: number): void;
  pickupText: string;
  picking: boolean;
  chosen: boolean;
  onPick(): void;
  onCancelPick(): void;
  onUseGps(): void;
  error: string | null;
  sending: boolean;
  onRequest(): void;
}

function RequestForm(p: RequestFormProps) {
  const id = useDomId();
  const errorId = `${id}-error`;
  return (
    <form
      className="ride-form"
      noValidate
      aria-describedby={p.error ? errorId : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        p.onRequest();
      }}
    >
      <div className="ride-form__pickup">
        <p className="ride-form__label" id={`${id}-pickup`}>Pickup</p>
        <p className={p.picking ? "ride-form__pickup-text ride-form__pickup-text--picking" : "ride-form__pickup-text"}>
          {p.pickupText}
        </p>
        <div className="ride-form__pickup-actions">
          {p.picking
            ? (
              <button type="button" className="button button--secondary" onClick={p.onCancelPick}>
                Cancel
              </button>
            )
            : (
              <button type="button" className="button button--secondary" onClick={p.onPick}>
                Set pickup location
              </button>
            )}
          {p.chosen && !p.picking && (
            <button type="button" className="button button--secondary" onClick={p.onUseGps}>
              Use GPS instead
            </button>
          )}
        </div>
      </div>
      <div className="ride-form__row">
        <div className="field ride-form__destination">
          <label htmlFor={`${id}-destination`}>Destination</label>
          <input
            id={`${id}-destination`}
            type="text"
            autoComplete="off"
            enterKeyHint="go"
            maxLength={200}
            placeholder="Tap the map or type a place"
            value={p.destination}
            onChange={(e) => p.onDestination(e.target.value)}
            onFocus={(e) => {
              // The placeholder value is replaced by typing, not appended to.
              if (e.target.value === MAP_LOCATION) e.target.select();
            }}
          />
        </div>
        <div className="field ride-form__passengers">
          <label htmlFor={`${id}-passengers`}>Passengers</label>
          <select
            id={`${id}-passengers`}
            value={p.passengers}
            onChange={(e) => p.onPassengers(Number(e.target.value))}
          >
            {[1, 2, 3, 4, 5].map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
      </div>
      <div className="ride-form__submit">
        {p.error && <p id={errorId} className="notice notice--error ride-form__error" role="alert">{p.error}</p>}
        <button type="submit" className="button button--large ride-button" disabled={p.sending}>
          Request Ride
        </button>
      </div>
    </form>
  );
}

function CurrentRide(
  { ride, onCancel, error, busy }: { ride: Ride; onCancel(): void; error: string | null; busy: boolean },
) {
  const now = useNow(30_000);
  const driver = ride.driverName ?? (ride.assignedDriverId ? "Your driver" : "Not assigned yet");
  return (
    <section className={`ride-card ride-card--${ride.status}`} aria-labelledby="current-ride-title">
      <h2 id="current-ride-title" className="ride-card__title">Current Ride</h2>
      <p className="ride-card__message" role="status" aria-live="polite">{riderMessage(ride.status)}</p>
      <dl className="ride-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status)}</span>
          </dd>
        </div>
        <div>
          <dt>Destination</dt>
          <dd>{destinationText(ride)}</dd>
        </div>
        <div>
          <dt>Passengers</dt>
          <dd>{ride.passengerCt}</dd>
        </div>
        <div>
          <dt>Driver</dt>
          <dd>{driver}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{relativeTime(ride.requestedAt, now)}</dd>
        </div>
      </dl>
      <div className="ride-form__submit">
        {error && <p className="notice notice--error" role="alert">{error}</p>}
        <button
          type="button"
          className="button button--large ride-button ride-button--danger"
          disabled={busy}
          onClick={onCancel}
        >
          Cancel Ride
        </button>
      </div>
    </section>
  );
}

type Loaded = { status: "loading" } | { status: "ready"; schedule: Schedule | null } | { status: "error" };

function WeeklySchedule({ tenant }: { tenant: string }) {
  const [state, setState] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    let live = true;
    api<{ schedule?: Schedule | null }>(`/${tenant}/api/schedule`, { tenant }).then(
      (data) => live && setState({ status: "ready", schedule: data?.schedule ?? null }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [tenant]);
  return (
    <section className="ride-schedule" aria-labelledby="rider-schedule">
      <h2 id="rider-schedule">Shuttle schedule</h2>
      <p className="muted">No drivers are online right now. The shuttle runs:</p>
      {state.status === "loading" && <Loading text="Loading schedule..." />}
      {state.status === "error" && <p className="notice notice--error" role="alert">{SCHEDULE_ERROR}</p>}
      {state.status === "ready" && <ScheduleList schedule={state.schedule} />}
    </section>
  );
}
