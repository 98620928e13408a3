/**
 * Organization settings: the name, the contacts riders see, the
 * service area on the map (tap or drag the centre, a radius slider, the
 * circle drawn as it changes), the time zone, the brand colour with a
 * preview of the header and its text contrast, the logo (uploaded and
 * removed on its own, components/admin/LogoSettings.tsx), the sign-in text
 * budget and who may join (anyone who signs in, or only people an admin added),
 * the no-show policy (components/admin/NoShowFields.tsx) and how rides are
 * dispatched (components/admin/DispatchFields.tsx); below the form, the
 * address of its feed for trip planners (components/admin/TripPlannerFeed.tsx).
 * Checked with lib/tenant_settings.ts before sending, as the server checks it.
 */
import { useEffect, useMemo, useState } from "react";
import { api, ApiError } from "../browser/auth_client.ts";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { BrandPreview } from "../components/admin/BrandPreview.tsx";
import {
  dispatchBody,
  type DispatchDraft,
  dispatchDraft,
  DispatchFields,
} from "../components/admin/DispatchFields.tsx";
import { LogoSettings } from "../components/admin/LogoSettings.tsx";
import { TripPlannerFeed } from "../components/admin/TripPlannerFeed.tsx";
import { noShowBody, type NoShowDraft, noShowDraft, NoShowFields } from "../components/admin/NoShowFields.tsx";
import { useDomId } from "../components/dom_id.ts";
import { Loading } from "../components/Guard.tsx";
import { MapView } from "../components/map/MapView.tsx";
import { useT } from "../components/texts.tsx";
import type { Point } from "../lib/geo.ts";
import type { Text } from "../lib/i18n/catalogue.ts";
import { type JoinPolicy, LIMITS, readSettings, type TenantSettings } from "../lib/tenant_settings.ts";

export const JOIN_CHOICES: { value: JoinPolicy; label: Text }[] = [
  { value: "open", label: "Anyone who signs in" },
  { value: "invite", label: "Only people an admin added" },
];

export interface AdminSettingsProps {
  tenant: string;
  /** MAP_STYLE_URL; null for the built-in style. */
  mapStyleUrl: string | null;
}

export default function AdminSettings(props: AdminSettingsProps) {
  return <AdminGuard tenant={props.tenant}>{() => <SettingsScreen {...props} />}</AdminGuard>;
}

/** The form as typed: texts stay strings until sent. */
interface Draft {
  name: string;
  contactEmail: string;
  contactPhone: string;
  smsNumber: string;
  lat: number;
  lng: number;
  radiusMeters: number;
  label: string;
  timezone: string;
  brandColor: string;
  smsPerHour: string;
  joinPolicy: JoinPolicy;
  maxDaysAhead: string;
  maxStandingRides: string;
  noShow: NoShowDraft;
  dispatch: DispatchDraft;
}

function draftOf(s: TenantSettings): Draft {
  return {
    name: s.name,
    contactEmail: s.contactEmail ?? "",
    contactPhone: s.contactPhone ?? "",
    smsNumber: s.smsNumber ?? "",
    lat: s.serviceArea.lat,
    lng: s.serviceArea.lng,
    radiusMeters: s.serviceArea.radiusMeters,
    label: s.serviceArea.label,
    timezone: s.timezone,
    brandColor: s.brandColor,
    smsPerHour: String(s.smsPerHour),
    joinPolicy: s.joinPolicy,
    maxDaysAhead: String(s.maxDaysAhead),
    maxStandingRides: String(s.maxStandingRides),
    noShow: noShowDraft(s.noShow),
    dispatch: dispatchDraft(s),
  };
}

function bodyOf(d: Draft): Record<string, unknown> {
  return {
    name: d.name,
    contactEmail: d.contactEmail,
    contactPhone: d.contactPhone,
    smsNumber: d.smsNumber.trim() === "" ? null : d.smsNumber,
    serviceArea: { lat: d.lat, lng: d.lng, radiusMeters: d.radiusMeters, label: d.label },
    timezone: d.timezone,
    brandColor: d.brandColor,
    smsPerHour: d.smsPerHour.trim() === "" ? NaN : Number(d.smsPerHour),
    joinPolicy: d.joinPolicy,
    maxDaysAhead: d.maxDaysAhead.trim() === "" ? NaN : Number(d.maxDaysAhead),
    maxStandingRides: d.maxStandingRides.trim() === "" ? NaN : Number(d.maxStandingRides),
    noShow: noShowBody(d.noShow),
    ...dispatchBody(d.dispatch),
  };
}

/** Every IANA zone the browser knows, the saved one first if it is an alias the list lacks. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

function SettingsScreen({ tenant, mapStyleUrl }: AdminSettingsProps) {
  const t = useT();
  const id = useDomId();
  const [saved, setSaved] = useState<TenantSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState("");
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);
  /** How many vehicles the tenant has (automatic dispatch with none assigns no ride); null until known. */
  const [vehicles, setVehicles] = useState<number | null>(null);

  useEffect(() => {
    api<{ settings: TenantSettings }>(`/${tenant}/api/admin/settings`, { tenant })
      .then(({ settings }) => {
        setSaved(settings);
        setDraft(draftOf(settings));
      })
      .catch((err) => setLoadError((err instanceof ApiError && err.serverError) || t("Failed to load settings")));
    // Only for the note beside automatic dispatch: without the count the page still saves.
    api<unknown[]>(`/${tenant}/api/admin/vehicles`, { tenant }).then((list) => setVehicles(list.length), () => {});
  }, [tenant, t]);

  const zones = useMemo(() => (draft ? timeZones(draft.timezone) : []), [draft?.timezone]);

  if (loadError) return <p className="notice notice--error" role="alert">{loadError}</p>;
  if (!draft || !saved) return <Loading text={t("Loading settings...")} />;

  const set = (change: Partial<Draft>) => {
    setDone(false);
    setError(null);
    setDraft({ ...draft, ...change });
  };
  const moveCentre = (at: Point) => set({ lat: at.lat, lng: at.lng });
  const invalid = (field: string) => error !== null && error.field.startsWith(field);
  const describedBy = (field: string) => (invalid(field) ? `${id}-error` : undefined);

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    const read = readSettings(bodyOf(draft!), t);
    if (!read.ok) return setError({ field: read.field, text: read.error });
    setSaving(true);
    try {
      const { settings } = await api<{ settings: TenantSettings }>(`/${tenant}/api/admin/settings`, {
        method: "PUT",
        body: read.value,
        tenant,
      });
      setSaved(settings);
      setDraft(draftOf(settings));
      setDone(true);
    } catch (err) {
      const body = err instanceof ApiError ? err.serverError : null;
      setError({ field: "", text: body || t("Failed to save settings") });
    } finally {
      setSaving(false);
    }
  }

  const area = { lat: draft.lat, lng: draft.lng, radiusMeters: draft.radiusMeters, label: draft.label };
  const miles = (draft.radiusMeters / 1609.344).toFixed(1);

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <AdminNav tenant={tenant} />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t("Settings")}</h1>
      </div>
      <form className="settings-form" onSubmit={save} noValidate>
        <fieldset className="settings-form__group">
          <legend>{t("Organization")}</legend>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t("Name")}</label>
            <input
              id={`${id}-name`}
              value={draft.name}
              maxLength={LIMITS.name}
              aria-invalid={invalid("name")}
              aria-describedby={describedBy("name")}
              onChange={(e) => set({ name: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t("Contact email (optional)")}</label>
            <input
              id={`${id}-email`}
              type="email"
              value={draft.contactEmail}
              autoComplete="off"
              aria-invalid={invalid("contactEmail")}
              aria-describedby={describedBy("contactEmail")}
              onChange={(e) => set({ contactEmail: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-phone`}>{t("Contact phone (optional)")}</label>
            <input
              id={`${id}-phone`}
              type="tel"
              value={draft.contactPhone}
              autoComplete="off"
              aria-invalid={invalid("contactPhone")}
              aria-describedby={describedBy("contactPhone")}
              onChange={(e) => set({ contactPhone: e.target.value })}
            />
          </div>
          <p className="muted">{t("Riders see the contact details on your contact page.")}</p>
          <div className="field">
            <label htmlFor={`${id}-sms-number`}>{t("Texting number")}</label>
            <input
              id={`${id}-sms-number`}
              type="tel"
              value={draft.smsNumber}
              autoComplete="off"
              placeholder="+15551234567"
              aria-invalid={invalid("smsNumber")}
              aria-describedby={`${id}-sms-number-hint ${describedBy("smsNumber") ?? ""}`.trim()}
              onChange={(e) => set({ smsNumber: e.target.value })}
            />
            <p className="muted" id={`${id}-sms-number-hint`}>
              {t("Riders book rides by texting this Twilio number. Empty: the site's number.")}
            </p>
          </div>
        </fieldset>

        <fieldset className="settings-form__group settings-form__area">
          <legend>{t("Service area")}</legend>
          <p className="muted">{t("Tap the map or drag the centre to move the area; the slider sets its size.")}</p>
          <MapView
            area={area}
            styleUrl={mapStyleUrl}
            pins={[{
              id: "centre",
              kind: "pickup",
              at: { lat: draft.lat, lng: draft.lng },
              title: t("Centre"),
              draggable: true,
            }]}
            onPick={moveCentre}
            onPinMove={(_, at) => moveCentre(at)}
            picking
            label={t("Map of the service area")}
          />
          <div className="field">
            <label htmlFor={`${id}-radius`}>{t("Radius")}</label>
            <input
              id={`${id}-radius`}
              type="range"
              min={LIMITS.radius.min}
              max={LIMITS.radius.max}
              step={50}
              value={draft.radiusMeters}
              aria-valuetext={t("{meters} meters ({miles} miles)", { meters: draft.radiusMeters, miles })}
              onChange={(e) => set({ radiusMeters: Number(e.target.value) })}
            />
            <p className="settings-form__value" aria-hidden="true">
              {t("{meters} meters ({miles} miles)", { meters: draft.radiusMeters, miles })}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-label`}>{t("Area name, as riders read it")}</label>
            <input
              id={`${id}-label`}
              value={draft.label}
              maxLength={LIMITS.label}
              placeholder={t("e.g. downtown Greer")}
              aria-invalid={invalid("serviceArea")}
              aria-describedby={describedBy("serviceArea")}
              onChange={(e) => set({ label: e.target.value })}
            />
          </div>
        </fieldset>

        <fieldset className="settings-form__group">
          <legend>{t("Time and colour")}</legend>
          <div className="field">
            <label htmlFor={`${id}-zone`}>{t("Time zone")}</label>
            <select
              id={`${id}-zone`}
              value={draft.timezone}
              aria-invalid={invalid("timezone")}
              onChange={(e) => set({ timezone: e.target.value })}
            >
              {zones.map((zone) => <option key={zone} value={zone}>{zone.replaceAll("_", " ")}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-colour`}>{t("Brand colour")}</label>
            <input
              id={`${id}-colour`}
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(draft.brandColor) ? draft.brandColor : "#000000"}
              aria-invalid={invalid("brandColor")}
              onChange={(e) => set({ brandColor: e.target.value })}
            />
          </div>
          <BrandPreview name={draft.name} color={draft.brandColor} logoUrl={saved.logoUrl} />
          <div className="field">
            <label htmlFor={`${id}-sms`}>{t("Sign-in texts an hour")}</label>
            <input
              id={`${id}-sms`}
              inputMode="numeric"
              value={draft.smsPerHour}
              aria-invalid={invalid("smsPerHour")}
              aria-describedby={describedBy("smsPerHour")}
              onChange={(e) => set({ smsPerHour: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-days-ahead`}>{t("Book up to (days ahead)")}</label>
            <input
              id={`${id}-days-ahead`}
              inputMode="numeric"
              value={draft.maxDaysAhead}
              aria-invalid={invalid("maxDaysAhead")}
              aria-describedby={describedBy("maxDaysAhead")}
              onChange={(e) => set({ maxDaysAhead: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-standing`}>{t("Standing rides per rider")}</label>
            <input
              id={`${id}-standing`}
              inputMode="numeric"
              value={draft.maxStandingRides}
              aria-invalid={invalid("maxStandingRides")}
              aria-describedby={describedBy("maxStandingRides")}
              onChange={(e) => set({ maxStandingRides: e.target.value })}
            />
          </div>
        </fieldset>

        <LogoSettings tenant={tenant} logoUrl={saved.logoUrl} onSaved={(settings) => setSaved(settings)} />

        <fieldset className="settings-form__group settings-form__choices">
          <legend>{t("Who may join")}</legend>
          {JOIN_CHOICES.map((choice) => (
            <label key={choice.value} className="settings-form__choice">
              <input
                type="radio"
                name={`${id}-join`}
                value={choice.value}
                checked={draft.joinPolicy === choice.value}
                onChange={() => set({ joinPolicy: choice.value })}
              />
              {t(choice.label)}
            </label>
          ))}
        </fieldset>

        <NoShowFields
          id={id}
          draft={draft.noShow}
          onChange={(noShow) => set({ noShow })}
          invalid={invalid}
          describedBy={describedBy}
        />

        <DispatchFields
          id={id}
          tenant={tenant}
          draft={draft.dispatch}
          vehicles={vehicles}
          onChange={(dispatch) => set({ dispatch })}
          invalid={invalid}
          describedBy={describedBy}
        />

        <div className="settings-form__save">
          {error && <p id={`${id}-error`} className="notice notice--error" role="alert">{error.text}</p>}
          {done && <p className="notice notice--success" role="status">{t("Settings saved.")}</p>}
          <button type="submit" className="button button--large" disabled={saving}>
            {saving ? t("Saving...") : t("Save settings")}
          </button>
        </div>
      </form>
      <div className="settings-form">
        <TripPlannerFeed tenant={tenant} />
      </div>
    </section>
  );
}
