/**
 * The provider's create form: code, name, the service area
 * (centre and radius: typed, then moved by tapping the map, which appears
 * once the typed centre is a point), time zone and the first admin's
 * phone → POST /api/super/tenants. The server's refusal (bad code, taken
 * code, a bad field) shows beside the button, in the page's language.
 */
import { type ReactNode, useMemo, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { isPoint, type Point } from "../../lib/geo.ts";
import { useDomId } from "../dom_id.ts";
import { MapView } from "../map/MapView.tsx";
import { useT } from "../texts.tsx";
import type { Reload } from "./types.ts";

const EMPTY = {
  code: "",
  name: "",
  lat: "",
  lng: "",
  radiusMeters: "805",
  label: "",
  timezone: "America/New_York",
  adminPhone: "",
};
type Draft = typeof EMPTY;

function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(EMPTY.timezone) ? all : [EMPTY.timezone, ...all];
}

/** Five decimals: about a metre, as a tap can mean. */
const rounded = (n: number) => String(Math.round(n * 1e5) / 1e5);

export function CreateTenantForm({ onCreated, mapStyleUrl }: { onCreated: Reload; mapStyleUrl: string | null }) {
  const t = useT();
  const id = useDomId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [saving, setSaving] = useState(false);
  const zones = useMemo(timeZones, []);
  const centre = {
    lat: draft.lat.trim() === "" ? NaN : Number(draft.lat),
    lng: draft.lng.trim() === "" ? NaN : Number(draft.lng),
  };
  const mapped = isPoint(centre);
  const moveCentre = (at: Point) => setDraft((d) => ({ ...d, lat: rounded(at.lat), lng: rounded(at.lng) }));
  const set = (key: keyof Draft) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value; // read now: the event is gone when the update runs
    setDraft((d) => ({ ...d, [key]: value }));
  };

  async function create(event: { preventDefault(): void }) {
    event.preventDefault();
    setSaving(true);
    setError("");
    setDone("");
    try {
      await api("/api/super/tenants", {
        method: "POST",
        body: {
          code: draft.code.trim(),
          name: draft.name,
          serviceArea: {
            lat: Number(draft.lat),
            lng: Number(draft.lng),
            radiusMeters: Number(draft.radiusMeters),
            label: draft.label,
          },
          timezone: draft.timezone,
          adminPhone: draft.adminPhone,
        },
      });
      setDone(t("Organization {name} created", { name: draft.name.trim() }));
      setDraft(EMPTY);
      await onCreated();
    } catch (err) {
      setError(err instanceof ApiError && err.serverError ? err.serverError : t("The change could not be saved."));
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof Draft, label: string, input: ReactNode) => (
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input}
    </div>
  );
  const text = (key: keyof Draft, label: string, inputMode?: "decimal" | "numeric" | "tel") =>
    field(
      key,
      label,
      <input id={`${id}-${key}`} value={draft[key]} inputMode={inputMode} autoComplete="off" onChange={set(key)} />,
    );

  return (
    <form className="super-create" onSubmit={create} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("New organization")}</h2>
      {text("code", t("Code"))}
      {text("name", t("Name"))}
      {text("lat", t("Centre latitude"), "decimal")}
      {text("lng", t("Centre longitude"), "decimal")}
      {text("radiusMeters", t("Radius in meters"), "numeric")}
      <p className="muted">{t("Type a rough centre; then tap the map or drag the centre to move it.")}</p>
      {mapped && (
        <MapView
          area={{
            lat: centre.lat,
            lng: centre.lng,
            radiusMeters: Number(draft.radiusMeters) > 0 ? Number(draft.radiusMeters) : 805,
            label: draft.label,
          }}
          styleUrl={mapStyleUrl}
          pins={[{ id: "centre", kind: "pickup", at: centre, title: t("Centre"), draggable: true }]}
          onPick={moveCentre}
          onPinMove={(_, at) => moveCentre(at)}
          picking
          label={t("Map of the new service area")}
        />
      )}
      {text("label", t("Area label"))}
      {field(
        "timezone",
        t("Time zone"),
        <select id={`${id}-timezone`} value={draft.timezone} onChange={set("timezone")}>
          {zones.map((zone) => <option key={zone} value={zone}>{zone}</option>)}
        </select>,
      )}
      {text("adminPhone", t("Admin phone"), "tel")}
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {done && <p className="notice notice--success" role="status">{done}</p>}
      <button type="submit" className="button" disabled={saving}>
        {saving ? t("Creating...") : t("Create organization")}
      </button>
    </form>
  );
}
