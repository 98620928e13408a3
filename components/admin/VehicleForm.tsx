/**
 * A vehicle's name, seats and wheelchair spaces, for a new vehicle or an
 * existing one. The server checks every field (domain/vehicles/manage.ts);
 * its refusal, which names the field, shows under the fields.
 */
import { useEffect, useRef, useState } from "react";
import {
  SEATS_MAX,
  SEATS_MIN,
  VEHICLE_NAME_MAX,
  type VehicleInput,
  WHEELCHAIR_SPACES_MAX,
} from "../../lib/vehicles.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export interface VehicleFormProps {
  /** "New vehicle", or the vehicle's name while it is changed. */
  title: string;
  vehicle?: VehicleInput;
  submitLabel: string;
  /** Sends the fields; answers the refusal to show, or null once saved. */
  onSave(input: VehicleInput): Promise<string | null>;
  onCancel(): void;
}

/** A number field's text as the API takes it: a number when it reads as one, else the text (the server refuses it). */
const asNumber = (text: string) => text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;

export function VehicleForm(p: VehicleFormProps) {
  const t = useT();
  const id = useDomId();
  const [name, setName] = useState(p.vehicle?.name ?? "");
  const [seats, setSeats] = useState(String(p.vehicle?.seats ?? ""));
  const [chairs, setChairs] = useState(String(p.vehicle?.wheelchairSpaces ?? 0));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setSaving(true);
    const input = { name, seats: asNumber(seats), wheelchairSpaces: asNumber(chairs) } as VehicleInput;
    setError(await p.onSave(input));
    setSaving(false);
  }

  return (
    <form className="place-form" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="place-form__title">{p.title}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t("Name")}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={VEHICLE_NAME_MAX}
          autoComplete="off"
          required
          ref={nameRef}
          placeholder={t("e.g. Van 1")}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-seats`}>{t("Seats")}</label>
        <input
          id={`${id}-seats`}
          type="number"
          inputMode="numeric"
          min={SEATS_MIN}
          max={SEATS_MAX}
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-chairs`}>{t("Wheelchair spaces")}</label>
        <input
          id={`${id}-chairs`}
          type="number"
          inputMode="numeric"
          min={0}
          max={WHEELCHAIR_SPACES_MAX}
          value={chairs}
          onChange={(e) => setChairs(e.target.value)}
        />
      </div>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <div className="place-form__actions">
        <button type="button" className="button button--secondary" onClick={p.onCancel} disabled={saving}>
          {t("Cancel")}
        </button>
        <button type="submit" className="button" disabled={saving}>{saving ? t("Saving...") : p.submitLabel}</button>
      </div>
    </form>
  );
}
