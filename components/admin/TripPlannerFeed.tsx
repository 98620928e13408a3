/**
 * The settings page's Trip planners section: the address of the
 * organisation's GTFS-Flex feed (GET /{t}/gtfs-flex.zip, routes/gtfs_flex.ts),
 * a link to download it, and where to send the address so riders find the
 * service in their trip planner. The feed follows the settings, schedule and
 * places by itself, so there is nothing here to save.
 */
import { useEffect, useState } from "react";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export function TripPlannerFeed({ tenant }: { tenant: string }) {
  const t = useT();
  const id = useDomId();
  const path = `/${tenant}/gtfs-flex.zip`;
  // The full address is what planners need; the page's origin is known in the browser only (the server shows the path).
  const [address, setAddress] = useState(path);
  useEffect(() => setAddress(new URL(path, location.origin).href), [path]);
  return (
    <fieldset className="settings-form__group trip-planner-feed">
      <legend>{t("Trip planners")}</legend>
      <p className="muted">
        {t(
          "Your hours, service area and places as a GTFS-Flex feed, the format trip planners read for services like yours. It follows your changes by itself.",
        )}
      </p>
      <div className="field">
        <label htmlFor={`${id}-feed`}>{t("Feed address")}</label>
        <input id={`${id}-feed`} readOnly value={address} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <a className="button button--secondary" href={path} download>{t("Download the feed")}</a>
      <p>{t("To be found in trip planners, send this address to:")}</p>
      <ul className="trip-planner-feed__where">
        <li>{t("the Transit app's team, which adds the feeds of services in its cities;")}</li>
        <li>{t("the operators of the OpenTripPlanner servers for your region;")}</li>
        <li>{t("the Mobility Database, the open catalogue of feeds where many apps find them.")}</li>
      </ul>
    </fieldset>
  );
}
