/**
 * A place's name and note, for a new place (at the point tapped on
 * the map) or an existing one. Checked with lib/places.ts before sending, as
 * the server checks it; the server's own refusal (a taken name, a full list)
 * shows under the fields.
 */
import { useEffect, useRef, useState } from "react";
import { PLACE_NAME_MAX, PLACE_NOTE_MAX, type PlaceInput, readPlace } from "../../lib/places.ts";
import type { Point } from "../../lib/geo.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export interface PlaceFormProps {
  /** "New place", or the place's name while it is changed. */
  title: string;
  at: Point;
  name?: string;
  note?: string | null;
  submitLabel: string;
  /** Sends the checked fields; answers the refusal to show, or null once saved. */
  onSave(input: PlaceInput): Promise<string | null>;
  onCancel(): void;
}

export function PlaceForm(p: PlaceFormProps) {
  const t = useT();
  const id = useDomId();
  const [name, setName] = useState(p.name ?? "");
  const [note, setNote] = useState(p.note ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // The form opens from a tap on the map or a button: the name is what to type next.
  useEffect(() => nameRef.current?.focus(), []);

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    const read = readPlace({ name, note, lat: p.at.lat, lng: p.at.lng }, t);
    if (!read.ok) return setError(read.error);
    setSaving(true);
    setError(await p.onSave(read.value));
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
          maxLength={PLACE_NAME_MAX}
          autoComplete="off"
          required
          aria-invalid={error !== null && name.trim() === ""}
          ref={nameRef}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t("Note (optional)")}</label>
        <input
          id={`${id}-note`}
          value={note}
          maxLength={PLACE_NOTE_MAX}
          autoComplete="off"
          placeholder={t("e.g. north entrance")}
          onChange={(e) => setNote(e.target.value)}
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
