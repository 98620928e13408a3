/** Sign-in, step 1 (spec section 2 "Login screen"): the phone number the code is texted to. */
import type { ChangeEvent, FormEvent, ReactNode, RefObject } from "react";
import { LoginField } from "./LoginField.tsx";
import { SMS_TEXT } from "./texts.ts";
import { useT } from "../texts.tsx";

export function PhoneStep(
  { tenantName, inviteOnly, base, phone, onPhoneChange, onSubmit, inputRef, fieldError, formError, sending, hydrated }:
    {
      tenantName?: string;
      /**
       * Only people the organisation added may sign in: said to everyone, since the server answers everyone alike
       * and texts only them, so someone it did not add knows why no code comes.
       */
      inviteOnly?: boolean;
      /** The tenant's path ("/greer") or "" on the global /login: the terms and privacy links start with it. */
      base: string;
      phone: string;
      onPhoneChange: (event: ChangeEvent<HTMLInputElement>) => void;
      onSubmit: (event: FormEvent<HTMLFormElement>) => void;
      inputRef: RefObject<HTMLInputElement | null>;
      fieldError: string | null;
      formError: ReactNode;
      sending: boolean;
      hydrated: boolean;
    },
) {
  const t = useT();
  return (
    <>
      <h1 className="login__title">{t("Welcome to {name}", { name: tenantName ?? "Hopper" })}</h1>
      <p className="login__lead">{t(SMS_TEXT)}</p>
      {inviteOnly && tenantName && (
        <p className="login__lead">
          {t("Only people {name} has added can sign in here. If no code comes, ask {name} to add you.", {
            name: tenantName,
          })}
        </p>
      )}
      <form className="form login__form" noValidate onSubmit={onSubmit}>
        {formError}
        <LoginField
          label={t("Phone number")}
          inputRef={inputRef}
          fieldError={fieldError}
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 555-5555"
          value={phone}
          onChange={onPhoneChange}
        />
        {/* Disabled until hydrated: a click before then would put the number in the address bar. */}
        <button type="submit" className="button button--large" disabled={sending || !hydrated}>
          {sending ? t("Sending...") : t("Send Verification Code")}
        </button>
        <p className="login__terms">
          {t.rich("By continuing you agree to our {terms} and {privacy}. Message and data rates may apply.", {
            terms: <a href={`${base}/terms`}>{t("Terms of Service")}</a>,
            privacy: <a href={`${base}/privacy`}>{t("Privacy Policy")}</a>,
          })}
        </p>
      </form>
    </>
  );
}
