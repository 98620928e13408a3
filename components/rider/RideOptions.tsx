/**
 * This ride's needs and the note for the driver, beside Request
 * Ride: the needs start as the rider's standing ones (Profile Settings) and
 * may be changed for this ride only; the note is up to 140 characters. Loaded
 * in a chunk of its own (islands/RiderScreen.tsx), so the rider screen's first
 * load stays within its budget. `extras` holds what the request adds to its
 * body (hooks/rider/use_ride_request.ts): `needs` only once the rider
 * has changed them (the server copies the standing ones otherwise), `note`
 * once typed; emptied when the form goes (the ride was requested).
 */
import { type RefObject, useEffect, useState } from "react";

export interface RideExtras {
  needs?: Need[];
  note?: string;
}
import { api, getUser } from "../../browser/auth_client.ts";
import { type Need, NOTE_MAX } from "../../lib/needs.ts";
import { useDomId } from "../dom_id.ts";
import { NeedsChecks } from "../NeedsChecks.tsx";
import { useT } from "../texts.tsx";

export default function RideOptions({ extras }: { extras: RefObject<RideExtras> }) {
  const t = useT();
  const id = useDomId();
  const [needs, setNeeds] = useState<Need[] | null>(null);
  const [note, setNote] = useState("");
  useEffect(() => () => void (extras.current = {}), [extras]);
  // The rider's standing needs (Profile Settings) until they change them for this ride: the copy
  // kept at sign-in at once, then the server's (they may have been changed on another device).
  const [standing, setStanding] = useState<Need[]>(() => getUser()?.needs ?? []);
  useEffect(() => {
    api<{ user?: { needs?: Need[] } }>("/api/users/profile").then(
      (data) => data?.user?.needs && setStanding(data.user.needs),
      () => {},
    );
  }, []);
  const shown = needs ?? standing;
  const change = (next: { needs?: Need[]; note?: string }) => {
    const n = next.needs ?? needs;
    const text = next.note ?? note;
    setNeeds(n);
    setNote(text);
    extras.current = { ...(n && { needs: n }), ...(text.trim() && { note: text }) };
  };
  return (
    <fieldset className="ride-options">
      <legend>{t("Needs for this ride")}</legend>
      <NeedsChecks needs={shown} onChange={(n) => change({ needs: n })} />
      <div className="field">
        <label htmlFor={`${id}-note`}>{t("Note for the driver")}</label>
        <input
          id={`${id}-note`}
          name="note"
          maxLength={NOTE_MAX}
          autoComplete="off"
          placeholder={t("Optional, for example: blue door, ring twice")}
          aria-describedby={`${id}-note-hint`}
          value={note}
          onChange={(e) => change({ note: e.currentTarget.value })}
        />
        <p id={`${id}-note-hint`} className="field__hint">{t("Up to {max} characters", { max: NOTE_MAX })}</p>
      </div>
    </fieldset>
  );
}
