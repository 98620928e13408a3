/** The driver's "Available for rides" switch: Loading... until the server has said, then Online or Offline. */
import { useT } from "../texts.tsx";

export interface AvailabilitySwitchProps {
  available: boolean | null;
  busy: boolean;
  onToggle(): void;
}

export function AvailabilitySwitch({ available, busy, onToggle }: AvailabilitySwitchProps) {
  const t = useT();
  const on = available === true;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={on ? "availability availability--on" : "availability"}
      disabled={available === null || busy}
      onClick={onToggle}
    >
      <span className="availability__track" aria-hidden="true">
        <span className="availability__thumb" />
      </span>
      <span className="availability__text">
        <span className="availability__label">{t("Available for rides")}</span>
        <span className="availability__state">{t(available === null ? "Loading..." : on ? "Online" : "Offline")}</span>
      </span>
    </button>
  );
}
