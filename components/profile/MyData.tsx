/** Profile Settings' "Download my data": the export as a JSON file. */
import { useState } from "react";
import { ApiError } from "../../browser/auth_client.ts";
import { downloadMyData } from "../../browser/my_account.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export function MyData({ tenant, disabled }: { tenant: string; disabled: boolean }) {
  const t = useT();
  const id = useDomId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await downloadMyData(tenant);
      setNotice({ kind: "success", text: t("Your data was downloaded.") });
    } catch (err) {
      const text = err instanceof ApiError && err.serverError
        ? err.serverError
        : t("Your data could not be downloaded. Please try again.");
      setNotice({ kind: "error", text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="profile__texts" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="profile__photo-title">{t("Your data")}</p>
      <p id={`${id}-hint`} className="field__hint">
        {t(
          "A file with your profile, your organizations and roles, every ride you took or drove with its times, your ratings and your settings.",
        )}
      </p>
      <div className="profile__photo-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={disabled || busy}
          aria-describedby={`${id}-hint`}
          onClick={download}
        >
          {busy ? t("Preparing your file...") : t("Download my data")}
        </button>
      </div>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
