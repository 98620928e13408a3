/**
 * The rider screen (spec section 2, "Rider screen"; sections 4, 5, 7, 8, 9),
 * behind the access guard (rider required). Built for one hand on a phone:
 * the map on top, the request (or the Current Ride card) under it, the main
 * button in thumb reach at the bottom of the screen.
 *
 * The state lives in hooks under components/rider/: the ride and the drivers
 * online, live with polling as a fallback (use_rider_ride.ts); the form and
 * the map taps (use_ride_form.ts); the request and the cancel
 * (use_ride_request.ts). The components there only get props.
 *
 * A tap outside the area is refused in the page, under the map (role
 * "alert", as the admin screens show errors), never with a blocking alert().
 *
 * The tenant's places load once: the destination field suggests
 * them, the pickup picker lists them, and the map shows them until a ride
 * is requested.
 *
 * The weekly schedule shows only while no driver is online, so it loads with
 * its own chunk when it does, and the Current Ride card with its own, asked
 * for at mount while the ride is fetched (the screen's first load stays
 * within budget).
 */
import { useT } from "../components/texts.tsx";
import { Guard, Loading } from "../components/Guard.tsx";
import { MapView } from "../components/map/MapView.tsx";
import { areaKey, useLiveTenant } from "../hooks/live_tenant.ts";
import { DriverCount, LiveNote } from "../components/rider/OnlineLine.tsx";
import { RequestForm } from "../components/rider/RequestForm.tsx";
import { ridePins } from "../components/rider/ride_pins.ts";
import { usePlaces } from "../components/rider/use_places.ts";
import { useRideRequest } from "../hooks/rider/use_ride_request.ts";
import { useRiderRide } from "../hooks/rider/use_rider_ride.ts";
import type { BookedTime } from "../lib/booking.ts";
import type { ServiceArea } from "../lib/schemas.ts";
import { destinationText } from "../lib/ride_texts.ts";
import type { Place } from "../lib/places.ts";
import { lazy, Suspense, useEffect, useState } from "react";

const WeeklySchedule = lazy(() => import("../components/rider/WeeklySchedule.tsx"));
/**
 * The installed app's notices: no signal, a new version, the install hint. Asked for as the screen's code
 * runs, so the chunk listens for the browser's install offer before the page has loaded.
 */
const loadNotices = () => import("../components/app_shell/AppNotices.tsx");
if (typeof document !== "undefined") void loadNotices();
const AppNotices = lazy(loadNotices);
/**
 * One chunk, asked for at mount beside the ride itself: the card of an active
 * ride with its arrival time, and the booking parts: this ride's
 * needs and note beside Request Ride, the rider's record (the ended ride's
 * message and its rating, the no-show warning, "Your rides") and booking
 * ahead (the Now / Later choice, or with `where` the Upcoming rides list).
 * One loader for all keeps the screen's first load within its budget.
 */
const loadCard = () => import("../components/rider/CurrentRide.tsx");
type CardParts = Awaited<ReturnType<typeof loadCard>>;
const part = <K extends "RideOptions" | "RiderRecord" | "Booking">(name: K) =>
  lazy(() => loadCard().then((m: CardParts) => ({ default: m[name] })));
const CurrentRide = lazy(loadCard);
const RideOptions = part("RideOptions");
const RiderRecord = part("RiderRecord");
const Booking = part("Booking");

const NONE: Place[] = [];

export interface RiderScreenProps {
  tenant: string;
  area: ServiceArea;
  mapStyleUrl: string | null;
  /** Automatic dispatch: the tenant's time zone, for the card's planned times. */
  timeZone?: string;
}

export default function RiderScreen(props: RiderScreenProps) {
  return <Guard tenant={props.tenant} required="rider">{() => <RiderHome {...props} />}</Guard>;
}

function RiderHome({ tenant, area: drawnArea, mapStyleUrl, timeZone }: RiderScreenProps) {
  const { area, heard } = useLiveTenant(drawnArea);
  const rider = useRiderRide(tenant, heard);
  const { form, formError, cardError, sending, request, cancel, pick, place, extras, failed } = useRideRequest(
    tenant,
    area,
    rider,
  );
  const places = usePlaces(tenant);
  const { drivers, ride } = rider;
  const t = useT();
  useEffect(() => void loadCard(), []);
  const [when, setWhen] = useState<BookedTime | null>(null);
  // The bookings are read again after each request (`sending` falls back) and as the ride comes and goes.
  const booking = { tenant, version: `${sending} ${ride?.id}` };

  return (
    <div className="ride-screen">
      <div className="ride-screen__map">
        <div className="ride-screen__bar">
          <h1 className="ride-screen__title">{t("Request a Ride")}</h1>
          <DriverCount count={drivers === null ? null : drivers.length} />
        </div>
        <Suspense>
          <AppNotices connected={rider.connected} />
        </Suspense>
        <MapView
          key={areaKey(area)}
          area={area}
          styleUrl={mapStyleUrl}
          pins={ridePins(ride, form.pickup, form.dropoff, drivers, t, rider.tracking?.driverLocation)}
          onPick={pick}
          picking={form.picking}
          places={ride ? NONE : places.list}
          onPlace={place}
          label={t("Map of the service area around {place}", { place: area.label })}
        />
        {form.mapAlert && (
          <p key={form.mapAlert.n} className="notice notice--error map-alert" role="alert">
            {form.mapAlert.text}
          </p>
        )}
        <LiveNote connected={rider.connected} />
      </div>
      <div className="ride-screen__panel">
        <Suspense>
          <RiderRecord tenant={tenant} ended={rider.ended} />
        </Suspense>
        {!rider.loaded ? <Loading /> : ride
          ? (
            <Suspense fallback={<Loading />}>
              <CurrentRide
                ride={ride}
                tracking={rider.tracking}
                onCancel={cancel}
                error={cardError}
                busy={sending}
                timeZone={timeZone}
                tenant={tenant}
              />
            </Suspense>
          )
          : (
            <RequestForm
              pickup={{
                text: form.pickupText,
                picking: form.picking,
                chosen: form.chosen,
                places,
                onPlace: place,
                onPick: form.startPicking,
                onCancelPick: form.cancelPicking,
                onUseGps: form.backToGps,
              }}
              destination={form.destination}
              onDestination={form.type}
              places={places}
              dropoffPlace={form.dropoffPlace}
              onPlace={place}
              passengers={form.passengers}
              onPassengers={form.setPassengers}
              error={formError}
              sending={sending}
              onRequest={() => request(when)}
            >
              {/* When, then this ride's needs and note: they come in after hydration below the pickup, so they never move it. */}
              <Suspense>
                <Booking {...booking} onWhen={setWhen} failed={formError && failed} />
                <RideOptions extras={extras} />
              </Suspense>
            </RequestForm>
          )}
        {rider.loaded && (
          <Suspense>
            <Booking {...booking} where={destinationText} />
          </Suspense>
        )}
        {drivers !== null && drivers.length === 0 && (
          <Suspense fallback={<Loading text={t("Loading schedule...")} />}>
            <WeeklySchedule tenant={tenant} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
