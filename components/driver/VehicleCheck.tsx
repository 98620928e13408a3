/**
 * "My vehicle takes a wheelchair", under the availability switch
 * while the driver is offline, asked as they go online: the server remembers
 * it, and wheelchair rides are offered only while it is ticked (lib/ride_offers.ts `offeredInList`).
 */
import { NeedIcon } from "../NeedsList.tsx";
import { useT } from "../texts.tsx";

export interface VehicleCheckProps {
  accessible: boolean;
  disabled: boolean;
  onChange(accessible: boolean): void;
}

export function VehicleCheck({ accessible, disabled, onChange }: VehicleCheckProps) {
  const t = useT();
  return (
    <label className="vehicle-check">
      <input
        type="checkbox"
        checked={accessible}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <NeedIcon need="wheelchair" />
      <span>{t("My vehicle takes a wheelchair")}</span>
    </label>
  );
}
