/**
 * The trips table (spec section 2, "Admin Trips"): Trip Details, Rider,
 * Driver, Status, Timeline, Actions. A real table on a wide screen; each row
 * becomes a labelled card on a phone (static/css/admin.css, data-label).
 */
import { formatPhone } from "../../lib/phone.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import { statusLabel } from "../../lib/ride_texts.ts";
import { type Trip, tripStatusOf } from "../../lib/trips.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { LOCALES } from "../../lib/i18n/lang.ts";
import { type T, useT } from "../texts.tsx";
import { LineIcon } from "../LineIcon.tsx";
import { NeedsList } from "../NeedsList.tsx";

export const NO_DRIVER: Text = "No driver assigned";
/** Automatic dispatch: a pending ride no vehicle took (none could within the limits, or its vehicle went offline). */
export const UNASSIGNED: Text = "Unassigned";
/** A past trip of someone who deleted their account keeps no name or phone. */
export const DELETED_RIDER: Text = "Deleted rider";
export const DELETED_DRIVER: Text = "Deleted driver";

/** Destination, or "Trip" and the first 8 characters of the id. */
export function tripTitle(trip: Pick<Trip, "id" | "destination">, t: Translate): string {
  return trip.destination?.trim() || t("Trip {id}", { id: trip.id.slice(0, 8) });
}

export function TripStatusBadge({ status }: { status: Trip["status"] }) {
  const t = useT();
  return <span className={`status-badge status-badge--${tripStatusOf(status)}`}>{statusLabel(status, t)}</span>;
}

function When({ label, at, now, timeZone }: { label: string; at: number | null; now: number; timeZone?: string }) {
  const t = useT();
  return (
    <div className="timeline__item">
      <dt>{label}</dt>
      <dd>
        {at
          ? (
            <time dateTime={new Date(at).toISOString()} title={full(at, t, timeZone)}>
              {relativeTime(at, now, t, timeZone)}
            </time>
          )
          : t("N/A")}
      </dd>
    </div>
  );
}

/** A planned or actual moment of the ride: the time of day, with the day and month when it is not today's. */
function clock(at: number, now: number, t: T, timeZone?: string): string {
  const day = (ms: number) => new Date(ms).toLocaleDateString("en-CA", { timeZone });
  const time = { hour: "numeric", minute: "2-digit", timeZone } as const;
  return new Date(at).toLocaleString(
    LOCALES[t.lang],
    day(at) === day(now) ? time : { ...time, month: "short", day: "numeric" },
  );
}

function At({ at, now, timeZone }: { at: number | undefined; now: number; timeZone?: string }) {
  const t = useT();
  if (at === undefined) return <>{t("N/A")}</>;
  return <time dateTime={new Date(at).toISOString()}>{clock(at, now, t, timeZone)}</time>;
}

/** A stop of the ride: when the plan expects it and when it happened. */
function Stop(
  { label, planned, actual, now, timeZone }: {
    label: string;
    planned: number | undefined;
    actual: number | undefined;
    now: number;
    timeZone?: string;
  },
) {
  const t = useT();
  return (
    <div className="timeline__item timeline__item--stop">
      <dt>{label}</dt>
      <dd>
        <span className="timeline__planned">
          {t("Planned")} <At at={planned} now={now} timeZone={timeZone} />
        </span>{" "}
        <span className="timeline__actual">
          {t("Actual")} <At at={actual} now={now} timeZone={timeZone} />
        </span>
      </dd>
    </div>
  );
}

function full(at: number, t: T, timeZone?: string): string {
  return new Date(at).toLocaleString(LOCALES[t.lang], { dateStyle: "medium", timeStyle: "short", timeZone });
}

export function TripsTable(
  { trips, now, timeZone, automatic = false, onDelete }: {
    trips: Trip[];
    now: number;
    /** The tenant's time zone for dates and times. */
    timeZone?: string;
    /** Automatic dispatch: a pending ride with no driver reads "Unassigned". */
    automatic?: boolean;
    onDelete: (trip: Trip) => void;
  },
) {
  const t = useT();
  return (
    <table className="data-table trips-table">
      <caption className="visually-hidden">{t("Trips, newest first")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Trip Details")}</th>
          <th scope="col">{t("Rider")}</th>
          <th scope="col">{t("Driver")}</th>
          <th scope="col">{t("Status")}</th>
          <th scope="col">{t("Timeline")}</th>
          <th scope="col">{t("Actions")}</th>
        </tr>
      </thead>
      <tbody>
        {trips.map((trip) => {
          const title = tripTitle(trip, t);
          return (
            <tr key={trip.id}>
              <td data-label={t("Trip Details")}>
                <span className="cell__main">{title}</span>
                <span className="cell__sub">{t("{count} passengers", { count: trip.passengerCount })}</span>
                <NeedsList needs={trip.needs} compact />
                {trip.note && <span className="cell__sub trip-note">{t("Note")}: {trip.note}</span>}
                {trip.vehicle?.name && (
                  <span className="cell__sub trip-vehicle">{t("Vehicle")}: {trip.vehicle.name}</span>
                )}
              </td>
              <td className="cell--rider" data-label={t("Rider")}>
                {trip.rider.deleted ? <span className="cell__none">{t(DELETED_RIDER)}</span> : (
                  <>
                    {trip.rider.name && <span className="cell__main">{trip.rider.name}</span>}
                    <span className={trip.rider.name ? "cell__sub cell__phone" : "cell__main cell__phone"}>
                      {formatPhone(trip.rider.phoneNumber)}
                    </span>
                  </>
                )}
              </td>
              <td className="cell--driver" data-label={t("Driver")}>
                {trip.driver?.deleted ? <span className="cell__none">{t(DELETED_DRIVER)}</span> : trip.driver
                  ? (
                    <>
                      {trip.driver.name && <span className="cell__main">{trip.driver.name}</span>}
                      <span className={trip.driver.name ? "cell__sub cell__phone" : "cell__main cell__phone"}>
                        {formatPhone(trip.driver.phoneNumber)}
                      </span>
                    </>
                  )
                  : (
                    <span className="cell__none">
                      {t(automatic && trip.status === "pending" ? UNASSIGNED : NO_DRIVER)}
                    </span>
                  )}
              </td>
              <td className="cell--status" data-label={t("Status")}>
                <TripStatusBadge status={trip.status} />
                {trip.feedback && (
                  <>
                    <span className="cell__sub trip-rating">
                      <Stars rating={trip.feedback.rating} />{" "}
                      {t("Rated {rating} of 5", { rating: trip.feedback.rating })}
                    </span>
                    {trip.feedback.comment && <span className="cell__sub trip-comment">“{trip.feedback.comment}”</span>}
                  </>
                )}
              </td>
              <td className="cell--timeline" data-label={t("Timeline")}>
                <dl className="timeline">
                  <When label={t("Requested")} at={trip.requestedAt} now={now} timeZone={timeZone} />
                  <When label={t("Accepted")} at={trip.acceptedAt} now={now} timeZone={timeZone} />
                  <When label={t("Completed")} at={trip.completedAt} now={now} timeZone={timeZone} />
                  {planned(trip) && (
                    <>
                      <Stop
                        label={t("Pickup")}
                        planned={trip.pickupAt}
                        actual={trip.pickedUpAt}
                        now={now}
                        timeZone={timeZone}
                      />
                      <Stop
                        label={t("Drop-off")}
                        planned={trip.dropoffAt}
                        actual={trip.completedAt ?? undefined}
                        now={now}
                        timeZone={timeZone}
                      />
                    </>
                  )}
                </dl>
              </td>
              <td data-label={t("Actions")} className="cell--actions">
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={t("Delete trip {title}", { title })}
                  title={t("Delete trip")}
                  onClick={() => onDelete(trip)}
                >
                  <TrashIcon />
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Whether the dispatcher planned the ride (a vehicle, planned times): its stops show planned against actual. */
function planned(trip: Trip): boolean {
  return trip.vehicle !== undefined || trip.pickupAt !== undefined || trip.dropoffAt !== undefined;
}

/** Filled and empty stars for a 1-5 rating; the words beside them say it for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return <span className="stars" aria-hidden="true">{"★".repeat(rating)}{"☆".repeat(5 - rating)}</span>;
}

export function TrashIcon() {
  return (
    <LineIcon size={20}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </LineIcon>
  );
}
