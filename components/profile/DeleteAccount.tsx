/**
 * Profile Settings' "Delete my account": what is removed and what
 * is kept, then a confirmation by the last four digits of the phone (the
 * server checks them again, lib/account_deletion.ts). Once deleted, the
 * device is signed out and the screen says so.
 */
import { type FormEvent, useState } from "react";
import { ApiError, clearAuth, loginPath } from "../../browser/auth_client.ts";
import { deleteMyAccount } from "../../browser/my_account.ts";
import { CONFIRM_DIGITS_TEXT, CONFIRM_MISMATCH_TEXT, confirmsDeletion } from "../../lib/account_deletion.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export function DeleteAccount(
  { tenant, phone, disabled, onDeleted }: {
    tenant: string;
    phone: string;
    disabled: boolean;
    onDeleted: () => void;
  },
) {
  const t = useT();
  const id = useDomId();
  const [open, setOpen] = useState(false);
  const [digits, setDigits] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  function close() {
    setOpen(false);
    setDigits("");
    setError("");
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = digits.replace(/\s/g, "");
    if (!/^[0-9]{4}$/.test(typed)) return setError(t(CONFIRM_DIGITS_TEXT));
    if (!confirmsDeletion(typed, phone)) return setError(t(CONFIRM_MISMATCH_TEXT));
    setBusy(true);
    setError("");
    try {
      await deleteMyAccount(tenant, typed);
      clearAuth();
      onDeleted();
    } catch (err) {
      setError(
        err instanceof ApiError && err.serverError
          ? err.serverError
          : t("Your account could not be deleted. Please try again."),
      );
      setBusy(false);
    }
  }

  return (
    <div className="profile__texts profile__delete" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="profile__photo-title">{t("Delete my account")}</p>
      <p className="field__hint">
        {t(
          "Removed: your name, email, phone number, photo and your place in every organization. Rides under way or booked are canceled, and you are signed out everywhere.",
        )}
      </p>
      <p className="field__hint">
        {t(
          "Kept: past rides, for the service's statistics, shown as “Deleted rider” with no phone number. You can sign up again later with the same number, as a new person.",
        )}
      </p>
      {!open
        ? (
          <div className="profile__photo-actions">
            <button type="button" className="button button--danger" disabled={disabled} onClick={() => setOpen(true)}>
              {t("Delete my account")}
            </button>
          </div>
        )
        : (
          <form className="profile__confirm" onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-digits`}>{t("To confirm, type the last four digits of your phone number")}</label>
              <input
                id={`${id}-digits`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={digits}
                disabled={busy}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setDigits(e.currentTarget.value);
                  setError("");
                }}
                autoFocus
              />
            </div>
            {error && <p id={`${id}-error`} className="notice notice--error" role="alert">{error}</p>}
            <div className="profile__photo-actions">
              <button type="button" className="button button--secondary" disabled={busy} onClick={close}>
                {t("Cancel")}
              </button>
              <button type="submit" className="button button--danger button--confirm" disabled={busy}>
                {busy ? t("Deleting your account...") : t("Delete my account for good")}
              </button>
            </div>
          </form>
        )}
    </div>
  );
}

/** What the screen shows once the account is gone: the device is already signed out. */
export function AccountDeleted({ tenant }: { tenant: string }) {
  const t = useT();
  return (
    <section className="panel profile">
      <h1>{t("Your account has been deleted")}</h1>
      <p role="status">{t("You are signed out. Thank you for riding with us.")}</p>
      <p>
        <a className="button button--secondary" href={loginPath(tenant)}>{t("Back to sign in")}</a>
      </p>
    </section>
  );
}
