/**
 * "Get ride alerts on this device": offered once on the rider and driver screens, after a first ride (a chunk of
 * its own, asked for only then: never on the screen's first load). Turn on alerts asks the browser's permission
 * and subscribes (browser/push_alerts.ts); Not now is remembered on this device.
 */
import { useState } from "react";
import { answerPushOffer, pushOfferDue, turnOnAlerts } from "../../browser/push_alerts.ts";
import { useT } from "../texts.tsx";

type State = "offer" | "busy" | "on" | "blocked" | "failed" | "gone";

export default function PushOffer({ driver = false }: { driver?: boolean }) {
  const t = useT();
  const [state, setState] = useState<State>(() => pushOfferDue() ? "offer" : "gone");
  if (state === "gone") return null;
  if (state === "on" || state === "blocked") {
    return (
      <p className={`notice app-notice${state === "blocked" ? " notice--warning" : ""}`} role="status">
        {state === "on"
          ? t("Ride alerts are on for this device.")
          : t("This browser blocked notifications. You can allow them in its site settings.")}
      </p>
    );
  }
  const turnOn = async () => {
    setState("busy");
    try {
      const result = await turnOnAlerts();
      answerPushOffer();
      setState(result);
    } catch {
      setState("failed");
    }
  };
  const notNow = () => {
    answerPushOffer();
    setState("gone");
  };
  return (
    <section className="notice app-notice push-offer" aria-labelledby="push-offer-title">
      <span className="app-notice__text">
        <strong id="push-offer-title" className="push-offer__title">{t("Get ride alerts on this device")}</strong>
        <span className="push-offer__lead">
          {driver
            ? t("See new ride requests and riders added to your run on your lock screen.")
            : t("See when your driver is on the way and here, on your lock screen, without a text message.")}
        </span>
        {state === "failed" && (
          <span className="push-offer__error" role="alert">
            {t("Ride alerts could not be turned on. Please try again.")}
          </span>
        )}
      </span>
      <span className="app-notice__actions">
        <button type="button" className="button" disabled={state === "busy"} onClick={turnOn}>
          {state === "busy" ? t("Turning on...") : t("Turn on alerts")}
        </button>
        <button type="button" className="button button--secondary" disabled={state === "busy"} onClick={notNow}>
          {t("Not now")}
        </button>
      </span>
    </section>
  );
}
