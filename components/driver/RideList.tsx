/** The driver's "Active Ride Requests": Loading..., the empty line, or one card per ride. */
import { useNow } from "../../browser/live_client.ts";
import { type DriverAction, driverActions } from "../../lib/driver_actions.ts";
import type { Ride } from "../../lib/rides.ts";
import { useDomId } from "../dom_id.ts";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";
import { RideItem } from "./RideItem.tsx";

export const NO_RIDES = "No active ride requests";

export interface RideListProps {
  /** null until the first answer. */
  rides: Ride[] | null;
  /** The signed-in driver's id: their own rides get their own buttons. */
  me: string;
  /** An action is on its way: every button waits. */
  busy: boolean;
  /** A failed action's text, on the card it belongs to. */
  error: { id: string; text: string } | null;
  onAction(ride: Ride, action: DriverAction): void;
}

export function RideList({ rides, me, busy, error, onAction }: RideListProps) {
  const t = useT();
  const titleId = useDomId();
  // A ride of mine waiting at its pickup: its No-show button counts down by the second.
  const waiting = rides?.some((r) =>
    r.noShowFrom !== undefined && r.assignedDriverId === me && r.status === "on-the-way"
  );
  const now = useNow(waiting ? 1000 : 30_000);
  return (
    <section className="ride-screen__panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="ride-list__title">
        {t("Active Ride Requests")}
        {rides && rides.length > 0 && <span className="ride-list__count">{rides.length}</span>}
      </h2>
      {rides === null
        ? <Loading />
        : rides.length === 0
        ? <p className="empty-state">{t(NO_RIDES)}</p>
        : (
          <ul className="ride-list">
            {rides.map((ride) => (
              <RideItem
                key={ride.id}
                ride={ride}
                actions={driverActions(ride, rides, me, now)}
                busy={busy}
                error={error?.id === ride.id ? error.text : null}
                onAction={(action) => onAction(ride, action)}
              />
            ))}
          </ul>
        )}
    </section>
  );
}
