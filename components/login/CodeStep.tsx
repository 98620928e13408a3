/** Sign-in, step 2 (spec section 2 "Login screen"): the 4-digit code, Resend Code and Change Phone Number. */
import type { FormEvent, ReactNode, RefObject } from "react";
import { LoginField } from "./LoginField.tsx";
import { formatPhone } from "../../lib/phone.ts";
import { useT } from "../texts.tsx";

export type Busy = "send" | "resend" | "verify" | null;

export function CodeStep(
  { sentTo, code, onCode, onSubmit, onResend, onChangePhone, inputRef, fieldError, formError, notice, busy }: {
    /** The 10 digits the code was sent to. */
    sentTo: string;
    code: string;
    onCode: (code: string) => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onResend: () => void;
    onChangePhone: () => void;
    inputRef: RefObject<HTMLInputElement | null>;
    fieldError: string | null;
    formError: ReactNode;
    notice: string | null;
    busy: Busy;
  },
) {
  const t = useT();
  return (
    <>
      <h1 className="login__title">{t("Verify Your Phone")}</h1>
      <p className="login__lead">
        {t.rich("Enter the 4-digit code we sent to {phone}.", {
          phone: <strong className="login__phone">{formatPhone(sentTo)}</strong>,
        })}
      </p>
      <form className="form login__form" noValidate onSubmit={onSubmit}>
        {formError}
        {notice && <p className="notice notice--success" role="status">{notice}</p>}
        <LoginField
          label={t("Verification code")}
          inputRef={inputRef}
          fieldError={fieldError}
          name="code"
          className="login__code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={4}
          value={code}
          onChange={(event) => onCode(event.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
        />
        <button type="submit" className="button button--large" disabled={busy !== null}>
          {busy === "verify" ? t("Verifying...") : t("Verify Code")}
        </button>
        <div className="login__links">
          <button type="button" className="login__link-button" onClick={onResend} disabled={busy !== null}>
            {busy === "resend" ? t("Sending...") : t("Resend Code")}
          </button>
          <button type="button" className="login__link-button" onClick={onChangePhone} disabled={busy === "verify"}>
            {t("Change Phone Number")}
          </button>
        </div>
      </form>
    </>
  );
}
