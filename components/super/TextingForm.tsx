/**
 * What an organisation's texts may cost, a super admin's to set: its sign-in
 * texts an hour (more than 2,000 only here or by the admin CLI) and the +1
 * regions beyond US and Canada its texts may reach (lib/phone_regions.ts).
 * Reads and saves the tenant's settings (GET/PUT /{code}/api/admin/settings).
 */
import { useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { EXTRA_REGIONS } from "../../lib/phone_regions.ts";
import { readSettings, type TenantSettings } from "../../lib/tenant_settings.ts";
import { useDomId } from "../dom_id.ts";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";
import type { TenantRow } from "./types.ts";

export function TextingForm({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const t = useT();
  const id = useDomId();
  const [perHour, setPerHour] = useState<string | null>(null);
  const [regions, setRegions] = useState<string[]>([]);
  const [error, setError] = useState("");
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);
  const path = `/${tenant.code}/api/admin/settings`;
  const names = new Intl.DisplayNames([t.lang], { type: "region" });

  useEffect(() => {
    api<{ settings: TenantSettings }>(path, { tenant: tenant.code }).then(({ settings }) => {
      setPerHour(String(settings.smsPerHour));
      setRegions(settings.smsRegions);
    }, (err) => setError((err instanceof ApiError && err.serverError) || t("Failed to load settings")));
  }, [path, tenant.code, t]);

  const toggle = (region: string, on: boolean) => {
    setDone(false);
    setRegions((now) => on ? [...now, region].sort() : now.filter((r) => r !== region));
  };

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setDone(false);
    const body = { smsPerHour: perHour!.trim() === "" ? NaN : Number(perHour), smsRegions: regions };
    const read = readSettings(body, t);
    if (!read.ok) return setError(read.error);
    setSaving(true);
    setError("");
    try {
      await api(path, { method: "PUT", body: read.value, tenant: tenant.code });
      setDone(true);
    } catch (err) {
      setError((err instanceof ApiError && err.serverError) || t("The change could not be saved."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="super-texting" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Texts from {name}", { name: tenant.name })}</h2>
      {perHour === null ? (error ? null : <Loading text={t("Loading settings...")} />) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-per-hour`}>{t("Sign-in texts an hour")}</label>
            <input
              id={`${id}-per-hour`}
              inputMode="numeric"
              value={perHour}
              aria-describedby={`${id}-per-hour-hint`}
              onChange={(e) => {
                setDone(false);
                setPerHour(e.currentTarget.value);
              }}
            />
            <p id={`${id}-per-hour-hint`} className="muted">
              {t("0 stops them. Its own admins may set up to 2,000.")}
            </p>
          </div>
          <fieldset className="settings-form__group" aria-describedby={`${id}-regions-hint`}>
            <legend>{t("Also text numbers in")}</legend>
            <p id={`${id}-regions-hint`} className="muted">
              {t("US and Canadian mobile and landline numbers are always texted; premium-rate and toll-free never.")}
            </p>
            <div className="super-texting__regions">
              {EXTRA_REGIONS.map((region) => (
                <label key={region} className="settings-form__choice">
                  <input
                    type="checkbox"
                    checked={regions.includes(region)}
                    onChange={(e) => toggle(region, e.currentTarget.checked)}
                  />
                  {`${names.of(region) ?? region} (${region})`}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {done && <p className="notice notice--success" role="status">{t("Settings saved.")}</p>}
      <div className="super-texting__actions">
        {perHour !== null && <button type="submit" className="button" disabled={saving}>{t("Save texts")}</button>}
        <button type="button" className="button button--secondary" onClick={onClose}>{t("Close")}</button>
      </div>
    </form>
  );
}
