/**
 * The driver screen (spec section 2, "Driver screen"; sections 4, 7, 9),
 * behind the access guard (driver required). A phone in a shuttle's cradle:
 * the availability switch on top, the map, then the ride list with big
 * buttons.
 *
 * The state lives in hooks under hooks/driver/: the availability and,
 * while online, the position sent after each move of 10 m
 * (use_availability.ts, use_location_report.ts); the vehicle chosen to go
 * online with, where the tenant has vehicles (use_vehicle_choice.ts); the ride list, live with
 * polling as a fallback, and the cards' actions (use_driver_rides.ts); the
 * screen kept awake while online (use_wake_lock.ts). Each card's buttons come
 * from the transition table (lib/driver_actions.ts), "Another ride is
 * already in progress" disabling the start of a second ride.
 */
import { lazy, Suspense, useState } from "react";
import { getUser } from "../browser/auth_client.ts";
import { GEO_UNSUPPORTED_DRIVER, useGeolocation } from "../browser/geolocation.ts";
import { AvailabilitySwitch } from "../components/driver/AvailabilitySwitch.tsx";
import { driverPins } from "../components/driver/driver_pins.ts";
import { LocatePrompt } from "../components/driver/LocatePrompt.tsx";
import { VehicleCheck } from "../components/driver/VehicleCheck.tsx";
import { VehicleNow, VehiclePicker } from "../components/driver/VehiclePicker.tsx";
import { RideList } from "../components/driver/RideList.tsx";
import { useAvailability } from "../hooks/driver/use_availability.ts";
import { useDriverRides } from "../hooks/driver/use_driver_rides.ts";
import { useVehicleChoice } from "../hooks/driver/use_vehicle_choice.ts";
import { useWakeLock } from "../components/driver/use_wake_lock.ts";
import { Guard } from "../components/Guard.tsx";
import { useT } from "../components/texts.tsx";
import { MapView } from "../components/map/MapView.tsx";
import { isTracked } from "../lib/eta.ts";
import type { Point } from "../lib/geo.ts";
import { areaKey, useLiveTenant } from "../hooks/live_tenant.ts";
import type { ServiceArea } from "../lib/schemas.ts";

/**
 * The installed app's notices: no signal, a new version, the install hint. Asked for as the screen's code
 * runs, so the chunk listens for the browser's install offer before the page has loaded.
 */
const loadNotices = () => import("../components/app_shell/AppNotices.tsx");
if (typeof document !== "undefined") void loadNotices();
const AppNotices = lazy(loadNotices);
/** "Get ride alerts on this device": its chunk is asked for only once the driver has a rider waiting. */
const PushOffer = lazy(() => import("../components/app_shell/PushOffer.tsx"));
/** The run of automatic dispatch: its own chunk, so a tenant dispatching by hand loads none of it. */
const DriverRun = lazy(() => import("./driver/DriverRun.tsx"));

export interface DriverScreenProps {
  tenant: string;
  area: ServiceArea;
  mapStyleUrl: string | null;
  /** The tenant's zone: the run's planned times read on its clocks. */
  timeZone?: string;
  /** The tenant dispatches automatically: the screen shows the vehicle's run of stops. */
  automatic?: boolean;
}

export default function DriverScreen(props: DriverScreenProps) {
  return <Guard tenant={props.tenant} required="driver">{() => <DriverHome {...props} />}</Guard>;
}

function DriverHome({ tenant, area: drawnArea, mapStyleUrl, timeZone = "UTC", automatic = false }: DriverScreenProps) {
  const { area, status, heard } = useLiveTenant(drawnArea);
  const t = useT();
  const me = getUser()?.id ?? "";
  const gps = useGeolocation(GEO_UNSUPPORTED_DRIVER, t);
  // Whether my vehicle takes a wheelchair, as the server answers it: the list follows it.
  const [accessible, setAccessible] = useState(false);
  const { rides, connected, moving, rideError, move } = useDriverRides(tenant, me, heard, accessible);
  // A ride of mine whose rider watches me come: my position goes out at least every 15 s.
  const holding = !!rides?.some((r) => r.assignedDriverId === me && isTracked(r));
  const fleet = useVehicleChoice(tenant);
  const vehicles = fleet.vehicles?.length ? fleet.vehicles : null;
  const availability = useAvailability(tenant, gps.point, {
    paused: status === "suspended",
    holding,
    accessible,
    onVehicle: setAccessible,
    vehicleId: vehicles ? fleet.chosen : undefined,
    onRefused: fleet.reload,
  });
  const driving = vehicles?.find((v) => v.id === fleet.chosen);
  // Automatic dispatch: the run's stops in order, drawn on the map as the van's route from where it is.
  const [runStops, setRunStops] = useState<Point[]>([]);
  const route = automatic && gps.point && runStops.length ? [gps.point, ...runStops] : undefined;
  useWakeLock(availability.available === true);

  return (
    <div className="ride-screen ride-screen--driver">
      <div className="ride-screen__map">
        <div className="ride-screen__bar">
          <h1 className="ride-screen__title">{t("Driver Dashboard")}</h1>
          <AvailabilitySwitch
            available={availability.available}
            busy={availability.switching}
            onToggle={availability.toggle}
          />
        </div>
        <Suspense>
          <AppNotices connected={connected} />
        </Suspense>
        {/* Asked while offline, as the driver goes online; kept out of the way of the rides after. */}
        {availability.available === false && vehicles && (
          <VehiclePicker
            vehicles={vehicles}
            chosen={fleet.chosen}
            busy={availability.switching}
            onChoose={fleet.choose}
            onGo={availability.toggle}
          />
        )}
        {availability.available === false && fleet.vehicles?.length === 0 && (
          <VehicleCheck accessible={accessible} disabled={availability.switching} onChange={availability.setVehicle} />
        )}
        {availability.available === true && driving && <VehicleNow vehicle={driving} />}
        {availability.error && <p className="notice notice--error" role="alert">{availability.error}</p>}
        {!gps.point && <LocatePrompt online={availability.available === true} error={gps.error} onRetry={gps.retry} />}
        <MapView
          key={areaKey(area)}
          area={area}
          styleUrl={mapStyleUrl}
          pins={driverPins(rides ?? [], gps.point, me, t)}
          route={route}
          label={t("Map of ride pickups around {place}", { place: area.label })}
        />
        {!connected && <p className="live-note live-note--quiet">{t("Updates every 15 seconds while reconnecting.")}
        </p>}
      </div>
      {automatic
        ? (
          <Suspense>
            <DriverRun
              tenant={tenant}
              timeZone={timeZone}
              rides={rides}
              busy={moving !== null}
              error={rideError}
              move={move}
              onStops={setRunStops}
            >
              {(outside) => (
                <RideList rides={outside} me={me} busy={moving !== null} error={rideError} onAction={move} />
              )}
            </DriverRun>
          </Suspense>
        )
        : <RideList rides={rides} me={me} busy={moving !== null} error={rideError} onAction={move} />}
      {/* Last on the screen: offered once a rider waits, it must push none of the rides or the map down. */}
      {holding && (
        <Suspense>
          <PushOffer driver />
        </Suspense>
      )}
    </div>
  );
}
