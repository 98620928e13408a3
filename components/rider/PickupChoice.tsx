/** The request form's pickup: where it is, and the buttons to set it on the map or go back to GPS. */
import { useT } from "../texts.tsx";

export interface PickupChoiceProps {
  /** What the pickup is now ("Your current location (GPS)", the picker's hint, ...). */
  text: string;
  picking: boolean;
  /** A point was set on the map (so "Use GPS instead" makes sense). */
  chosen: boolean;
  onPick(): void;
  onCancelPick(): void;
  onUseGps(): void;
}

export function PickupChoice(p: PickupChoiceProps) {
  const t = useT();
  return (
    <div className="ride-form__pickup">
      <p className="ride-form__label">{t("Pickup")}</p>
      <p className={p.picking ? "ride-form__pickup-text ride-form__pickup-text--picking" : "ride-form__pickup-text"}>
        {p.text}
      </p>
      <div className="ride-form__pickup-actions">
        {p.picking
          ? (
            <button type="button" className="button button--secondary" onClick={p.onCancelPick}>
              {t("Cancel")}
            </button>
          )
          : (
            <button type="button" className="button button--secondary" onClick={p.onPick}>
              {t("Set pickup location")}
            </button>
          )}
        {p.chosen && !p.picking && (
          <button type="button" className="button button--secondary" onClick={p.onUseGps}>
            {t("Use GPS instead")}
          </button>
        )}
      </div>
    </div>
  );
}
