/**
 * Which of the tenant's vehicles the driver drives, asked while offline in
 * place of the wheelchair question: each vehicle a whole-width card a thumb
 * can hit, saying its seats and wheelchair spaces (which decide the wheelchair
 * rides it is offered), one another online driver holds marked as in use, and
 * a large Go online button at the bottom, within reach of the hand that holds
 * the phone. Online, `VehicleNow` names the vehicle in one line.
 */
import type { VehicleToDrive } from "../../lib/vehicles.ts";
import { NeedIcon } from "../NeedsList.tsx";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

/** "12 seats · 2 wheelchair spaces", with the wheelchair drawn when it takes one. */
function Facts({ vehicle }: { vehicle: VehicleToDrive }) {
  const t = useT();
  return (
    <span className="vehicle-facts">
      {vehicle.wheelchairSpaces > 0 && <NeedIcon need="wheelchair" size={20} />}
      {t("{count} seats", { count: vehicle.seats })} ·{" "}
      {t("{count} wheelchair spaces", { count: vehicle.wheelchairSpaces })}
    </span>
  );
}

export interface VehiclePickerProps {
  vehicles: VehicleToDrive[];
  chosen: string | null;
  busy: boolean;
  onChoose(id: string): void;
  onGo(): void;
}

export function VehiclePicker({ vehicles, chosen, busy, onChoose, onGo }: VehiclePickerProps) {
  const t = useT();
  const name = useDomId();
  return (
    <fieldset className="vehicle-picker">
      <legend className="vehicle-picker__title">{t("Which vehicle are you driving?")}</legend>
      {vehicles.map((v) => (
        <label key={v.id} className={v.held ? "vehicle-pick vehicle-pick--held" : "vehicle-pick"}>
          <input
            type="radio"
            name={name}
            value={v.id}
            checked={chosen === v.id}
            disabled={busy}
            onChange={() => onChoose(v.id)}
          />
          <span className="vehicle-pick__name">{v.name}</span>
          <Facts vehicle={v} />
          {v.held && <span className="vehicle-pick__held">{t("In use by another driver")}</span>}
        </label>
      ))}
      <button type="button" className="button button--large vehicle-picker__go" disabled={busy} onClick={onGo}>
        {t("Go online")}
      </button>
    </fieldset>
  );
}

/** The vehicle the driver is online with: "Van 1 · 12 seats · 2 wheelchair spaces". */
export function VehicleNow({ vehicle }: { vehicle: VehicleToDrive }) {
  return (
    <p className="vehicle-now">
      <strong>{vehicle.name}</strong> · <Facts vehicle={vehicle} />
    </p>
  );
}
