/**
 * The organisation's logo on the settings page: the current logo
 * (or the Hopper mark), Upload logo (the file goes as it is; the server
 * checks, fits and re-encodes it, lib/images/logo.ts) and Remove logo. Each
 * takes effect at once, apart from Save settings, and answers the settings.
 */
import { type ChangeEvent, useRef, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, LOGO_TOO_LARGE_TEXT } from "../../lib/images/logo_rules.ts";
import type { TenantSettings } from "../../lib/tenant_settings.ts";
import { useDomId } from "../dom_id.ts";
import { Logo } from "../Logo.tsx";
import { useT } from "../texts.tsx";

type Busy = "idle" | "uploading" | "removing";

export function LogoSettings(
  { tenant, logoUrl, onSaved }: {
    tenant: string;
    logoUrl: string | null;
    onSaved: (settings: TenantSettings) => void;
  },
) {
  const t = useT();
  const id = useDomId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>("idle");
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function send(kind: Exclude<Busy, "idle">, body: FormData | undefined, done: string, failed: string) {
    setBusy(kind);
    setNotice(null);
    try {
      const { settings } = await api<{ settings: TenantSettings }>(`/${tenant}/api/admin/settings/logo`, {
        method: body ? "POST" : "DELETE",
        body,
        tenant,
      });
      onSaved(settings);
      setNotice({ kind: "success", text: done });
    } catch (err) {
      setNotice({ kind: "error", text: (err instanceof ApiError && err.serverError) || failed });
    } finally {
      setBusy("idle");
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = input.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    input.value = "";
    if (!chosen || busy !== "idle") return;
    // What the server would refuse by its size alone is refused here, before the upload; the type it judges by the bytes.
    if (chosen.size > LOGO_MAX_BYTES) return setNotice({ kind: "error", text: t(LOGO_TOO_LARGE_TEXT) });
    const body = new FormData();
    body.set("image", chosen);
    send("uploading", body, t("Logo saved."), t("Failed to upload logo"));
  }

  const idle = busy === "idle";
  return (
    <fieldset className="settings-form__group logo-settings" aria-busy={!idle}>
      <legend>{t("Logo")}</legend>
      <p id={`${id}-hint`} className="muted">
        {t("Your logo replaces the Hopper mark in your pages' header. PNG, JPEG or WebP, up to 1\u00a0MB.")}
      </p>
      <div className="logo-settings__current">
        {logoUrl ? <img className="logo-settings__image" src={logoUrl} alt={t("Current logo")} /> : (
          <>
            <Logo size={48} />
            <span className="muted">{t("No logo yet: your pages show the Hopper mark.")}</span>
          </>
        )}
      </div>
      <div className="logo-settings__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!idle}
          aria-describedby={`${id}-hint`}
          onClick={() => fileRef.current?.click()}
        >
          {busy === "uploading" ? t("Uploading...") : t("Upload logo")}
        </button>
        {logoUrl && (
          <button
            type="button"
            className="button button--danger"
            disabled={!idle}
            onClick={() => send("removing", undefined, t("Logo removed."), t("Failed to remove logo"))}
          >
            {busy === "removing" ? t("Removing...") : t("Remove logo")}
          </button>
        )}
        <input
          ref={fileRef}
          type="file"
          accept={LOGO_MIME_TYPES.join(",")}
          hidden
          aria-label={t("Logo")}
          onChange={onFile}
        />
      </div>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
    </fieldset>
  );
}
