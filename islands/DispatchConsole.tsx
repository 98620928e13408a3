/**
 * The dispatcher's console (/{t}/dispatch), behind the access guard (the `dispatch` capability: dispatchers, admins,
 * super admins): the whole fleet on one screen. At desk width the map and the vehicles on the left, the alerts and
 * the unassigned queue on the right; on a phone the same stacked, alerts and queue first. The state and the actions
 * live in hooks/dispatch/use_dispatch_state.ts; the parts are in components/dispatch/.
 */
import { type ReactNode, useState } from "react";
import { useNow } from "../browser/live_client.ts";
import { AlertsList } from "../components/dispatch/AlertsList.tsx";
import { FleetMap } from "../components/dispatch/FleetMap.tsx";
import { QueueList } from "../components/dispatch/QueueList.tsx";
import { TextsWaiting } from "../components/dispatch/TextsWaiting.tsx";
import { type RideHandlers, VehicleList } from "../components/dispatch/VehicleList.tsx";
import { LiveBadge } from "../components/admin/LiveBadge.tsx";
import { BusyButton } from "../components/BusyButton.tsx";
import { useDomId } from "../components/dom_id.ts";
import { Guard, Loading } from "../components/Guard.tsx";
import { useT } from "../components/texts.tsx";
import { type DispatchConsoleState, useDispatchState } from "../hooks/dispatch/use_dispatch_state.ts";
import { useWaitingTexts } from "../hooks/dispatch/use_waiting_texts.ts";
import type { ServiceArea } from "../lib/schemas.ts";
import { BookingPanel } from "./dispatch/BookingPanel.tsx";

export interface DispatchConsoleProps {
  tenant: string;
  area: ServiceArea;
  mapStyleUrl: string | null;
  /** The tenant's zone: planned times and waiting times read on its clocks. */
  timeZone: string;
}

export default function DispatchConsole(props: DispatchConsoleProps) {
  return <Guard tenant={props.tenant} required="dispatcher">{() => <ConsoleScreen {...props} />}</Guard>;
}

/** The action handlers the lists share: the problem of each ride, and every button waiting while one runs. */
function handlers(fleet: DispatchConsoleState): RideHandlers {
  return {
    busy: fleet.busy !== null,
    problemFor: (rideId) => fleet.problem?.rideId === rideId ? fleet.problem : null,
    assign: (rideId, vehicleId, override) => void fleet.assign(rideId, vehicleId, override),
    pin: (rideId, pinned) => void fleet.pin(rideId, pinned),
    cancel: fleet.cancel,
  };
}

function ConsoleScreen({ tenant, area, mapStyleUrl, timeZone }: DispatchConsoleProps) {
  const t = useT();
  const titleId = useDomId();
  const fleet = useDispatchState(tenant);
  // Read again each time the fleet state is: the same rhythm, one more GET.
  const texts = useWaitingTexts(tenant, fleet.state);
  const now = useNow(30_000);
  const [refreshing, setRefreshing] = useState(false);
  const [booking, setBooking] = useState(false);
  const { state } = fleet;
  const actions = handlers(fleet);
  const rides = state ? [...(state.planned ?? []), ...state.queue] : [];

  async function refresh() {
    setRefreshing(true);
    await fleet.refresh();
    setRefreshing(false);
  }

  return (
    <section className="dispatch" aria-labelledby={titleId}>
      <header className="dispatch__head">
        <h1 id={titleId}>{t("Dispatch")}</h1>
        <div className="dispatch__head-actions">
          <LiveBadge state={fleet.live} />
          <BusyButton busy={refreshing} text={t("Refresh")} busyText={t("Refreshing...")} onClick={refresh} />
        </div>
        <div className="dispatch__book">
          <button type="button" className="button" aria-expanded={booking} onClick={() => setBooking((b) => !b)}>
            {t("Book a ride")}
          </button>
        </div>
      </header>
      {/* A ride for a person who called: booked, it is in the state's next read, made at once. */}
      {booking && <BookingPanel tenant={tenant} onBooked={() => void fleet.refresh()} />}
      {fleet.error && <p className="notice notice--error" role="alert">{fleet.error}</p>}
      {!state ? (!fleet.error && <Loading text={t("Loading the fleet...")} />) : (
        <div className="dispatch__desk">
          <div className="dispatch__side">
            <Part title={t("Alerts")}>
              <AlertsList alerts={state.alerts ?? []} vehicles={state.vehicles} rides={rides} />
            </Part>
            <Part title={t("Waiting for a vehicle ({count})", { count: state.queue.length })}>
              <QueueList
                queue={state.queue}
                vehicles={state.vehicles}
                timeZone={timeZone}
                now={now}
                actions={actions}
              />
            </Part>
            <Part title={t("Texts waiting for a person ({count})", { count: texts.conversations?.length ?? 0 })}>
              <TextsWaiting {...texts} timeZone={timeZone} now={now} onReply={texts.reply} />
            </Part>
          </div>
          <div className="dispatch__main">
            <div className="dispatch__map">
              <FleetMap state={state} area={area} styleUrl={mapStyleUrl} />
            </div>
            <Part title={t("Vehicles online ({count})", { count: state.vehicles.length })}>
              <VehicleList
                vehicles={state.vehicles}
                rides={state.planned ?? []}
                alerts={state.alerts ?? []}
                timeZone={timeZone}
                actions={actions}
              />
            </Part>
          </div>
        </div>
      )}
    </section>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useDomId();
  return (
    <section className="dispatch__part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
