/**
 * The rider's own record, a chunk of its own so the rider page's
 * first load stays within budget (islands/RiderScreen.tsx loads it lazily):
 *
 * - RiderNotices: the message of the ride that just ended ("Ride
 *   completed!"), the no-show warning or pause (GET rides/standing), and
 *   right after a ride completes, "Rate your ride" for it (dismissible).
 * - YourRides: "Your rides", the finished rides newest first, 20 at a time
 *   (GET rides/history), each with its rating or a way to rate it, and the
 *   link to the rider's standing rides (islands/StandingRides.tsx).
 */
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, ApiError, apiWithHeaders } from "../../browser/auth_client.ts";
import { LOCALES } from "../../lib/i18n/lang.ts";
import type { NoShowPolicy } from "../../lib/no_show.ts";
import { warningText } from "../../lib/no_show_texts.ts";
import { canRate, COMMENT_MAX, readFeedback } from "../../lib/ride_feedback.ts";
import { destinationText, riderMessage, statusLabel } from "../../lib/ride_texts.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { useDomId } from "../dom_id.ts";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";

/**
 * What the screen shows above the request: the notices, then "Your rides" (closed until opened), which the panel
 * draws last (static/css/map.css) so its late arrival never moves the form.
 */
export function RiderRecord(props: { tenant: string; ended: RideStatus | null }) {
  return (
    <>
      <RiderNotices {...props} />
      <YourRides {...props} />
    </>
  );
}

/** GET /{t}/api/rides/standing. */
export interface Standing {
  noShows: number;
  suspendedUntil: number | null;
  policy: NoShowPolicy;
  /** The pause's text in the reader's language while paused. */
  message: string | null;
}

function history(tenant: string, cursor: string | null) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiWithHeaders<Ride[]>(`/${tenant}/api/rides/history${query}`, { tenant });
}

/** The warning or the pause, and the rating of the ride that just completed. */
export function RiderNotices({ tenant, ended }: { tenant: string; ended: RideStatus | null }) {
  const t = useT();
  const [standing, setStanding] = useState<Standing | null>(null);
  const [toRate, setToRate] = useState<Ride | null>(null);
  const [thanked, setThanked] = useState(false);

  // Read again whenever a ride ends: a no-show changes the count.
  useEffect(() => {
    let live = true;
    api<Standing>(`/${tenant}/api/rides/standing`, { tenant }).then((s) => live && setStanding(s), () => {});
    return () => {
      live = false;
    };
  }, [tenant, ended]);

  useEffect(() => {
    setThanked(false);
    if (ended !== "completed") return setToRate(null);
    let live = true;
    history(tenant, null).then(({ data }) => {
      const last = data[0];
      if (live && last && canRate(last, Date.now())) setToRate(last);
    }, () => {});
    return () => {
      live = false;
    };
  }, [tenant, ended]);

  const warning = standing && !standing.message ? warningText({ ...standing, count: standing.noShows }, t) : null;
  return (
    <>
      {ended && <p className="ride-ended" role="status">{riderMessage(ended, t)}</p>}
      {standing?.message && <p className="notice notice--error rider-standing" role="alert">{standing.message}</p>}
      {warning && <p className="notice notice--warning rider-standing" role="status">{warning}</p>}
      {thanked && <p className="notice notice--success" role="status">{t("Thank you for your rating!")}</p>}
      {toRate && (
        <section className="rate-card" aria-label={t("Rate your ride")}>
          <RateRide
            tenant={tenant}
            ride={toRate}
            title
            onRated={() => {
              setToRate(null);
              setThanked(true);
            }}
            onDismiss={() => setToRate(null)}
          />
        </section>
      )}
    </>
  );
}

/** The rating control: five stars, a comment, Send; "Not now" when it may be put off. */
export function RateRide(
  { tenant, ride, title = false, onRated, onDismiss }: {
    tenant: string;
    ride: Ride;
    /** Heads the control with "Rate your ride" (the card after completion). */
    title?: boolean;
    onRated(ride: Ride): void;
    onDismiss?(): void;
  },
) {
  const t = useT();
  const id = useDomId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!rating) return setError(t("Choose from 1 to 5 stars."));
    const read = readFeedback({ rating, comment }, t);
    if (!read.ok) return setError(read.error);
    setSending(true);
    setError("");
    try {
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides/${ride.id}/feedback`, {
        method: "POST",
        body: { rating, comment: read.comment ?? undefined },
        tenant,
      });
      onRated(answer.ride);
    } catch (err) {
      setError((err instanceof ApiError && err.serverError) || t("Could not send your rating"));
      setSending(false);
    }
  }

  return (
    <form className="rate-ride" onSubmit={send} noValidate>
      {title && <h2 className="rate-ride__title">{t("Rate your ride")}</h2>}
      <fieldset className="rate-ride__stars">
        <legend>{t("Your rating")}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? "rate-ride__star rate-ride__star--on" : "rate-ride__star"}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-rating`}
              value={n}
              checked={rating === n}
              aria-label={t("{n} of 5 stars", { n })}
              onChange={() => {
                setRating(n);
                setError("");
              }}
            />
            <span aria-hidden="true">{n <= rating ? "★" : "☆"}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{t("Comment (optional)")}</label>
        <textarea
          id={`${id}-comment`}
          rows={2}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <div className="rate-ride__actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? t("Sending rating...") : t("Send rating")}
        </button>
        {onDismiss && (
          <button type="button" className="button button--secondary" onClick={onDismiss}>
            {t("Not now")}
          </button>
        )}
      </div>
    </form>
  );
}

type Phase = "closed" | "loading" | "ready" | "error";

/** "Your rides": a heading that opens the list, loaded when first opened, then 20 more at a time. */
export function YourRides({ tenant, ended }: { tenant: string; ended: RideStatus | null }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>("closed");
  const [rides, setRides] = useState<Ride[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [rating, setRating] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const id = useDomId();

  const load = useCallback((from: string | null) => {
    if (from) setMore(true);
    else setPhase("loading");
    history(tenant, from).then(({ data, headers }) => {
      setRides((list) => (from ? [...list, ...data] : data));
      setCursor(headers.get("x-next-cursor"));
      setPhase("ready");
      setMore(false);
    }, () => {
      setPhase(from ? "ready" : "error");
      setMore(false);
    });
  }, [tenant]);

  // A ride that ends while the list is open joins it.
  useEffect(() => {
    if (ended && phase === "ready") load(null);
  }, [ended]); // eslint-disable-line react-hooks/exhaustive-deps

  const now = Date.now();
  const when = (at: number) =>
    new Date(at).toLocaleString(LOCALES[t.lang], { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="your-rides" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="your-rides__title">
        <button
          type="button"
          className="your-rides__toggle"
          aria-expanded={open}
          onClick={() => {
            if (!open && phase === "closed") load(null);
            setOpen(!open);
          }}
        >
          {t("Your rides")}
        </button>
      </h2>
      <p className="your-rides__standing">
        <a href={`/${tenant}/rider/standing`}>{t("Standing rides: the same trip every week")}</a>
      </p>
      {open && phase === "loading" && <Loading text={t("Loading rides...")} />}
      {open && phase === "error" && (
        <p className="notice notice--error" role="alert">{t("Could not load your rides")}</p>
      )}
      {open && phase === "ready" && rides.length === 0 && <p className="empty-state">{t("No finished rides yet.")}</p>}
      {open && phase === "ready" && rides.length > 0 && (
        <ul className="your-rides__list">
          {rides.map((ride) => (
            <li key={ride.id} className="your-rides__item">
              <div className="your-rides__head">
                <span className="your-rides__where">{destinationText(ride, t)}</span>
                <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status, t)}</span>
              </div>
              <time className="muted" dateTime={new Date(ride.requestedAt).toISOString()}>
                {when(ride.requestedAt)}
              </time>
              {ride.feedback && (
                <p className="your-rides__rating">
                  <span aria-hidden="true">
                    {"★".repeat(ride.feedback.rating)}
                    {"☆".repeat(5 - ride.feedback.rating)}
                  </span>{" "}
                  {t("{n} of 5 stars", { n: ride.feedback.rating })}
                  {ride.feedback.comment && <span className="your-rides__comment">“{ride.feedback.comment}”</span>}
                </p>
              )}
              {!ride.feedback && canRate(ride, now) && (rating === ride.id
                ? (
                  <RateRide
                    tenant={tenant}
                    ride={ride}
                    onRated={(rated) => {
                      setRides((list) => list.map((r) => (r.id === rated.id ? rated : r)));
                      setRating(null);
                    }}
                    onDismiss={() => setRating(null)}
                  />
                )
                : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setRating(ride.id)}
                  >
                    {t("Rate this ride")}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      {open && phase === "ready" && cursor && (
        <button
          type="button"
          className="button button--secondary"
          disabled={more}
          onClick={() => load(cursor)}
        >
          {more ? t("Loading rides...") : t("Load more rides")}
        </button>
      )}
    </section>
  );
}
