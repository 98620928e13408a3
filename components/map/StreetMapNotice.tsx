/**
 * The small notice over a map whose street map could not load: the
 * built-in picture with the area and pins is shown instead, and this says why
 * the streets are missing. A status, not an alert: nothing is asked of the
 * person.
 */
import { useT } from "../texts.tsx";

export function StreetMapNotice() {
  const t = useT();
  return <p className="map-notice" role="status">{t("Street map unavailable")}</p>;
}
