/**
 * The sign-in screen (spec section 2 "Login screen", sections 5 and 8): the
 * phone number, then the 4-digit code texted to it. On a tenant's login page
 * a signed-in member goes straight to their home page, and signing in joins
 * the tenant as a rider; on the global /login a signed-in user sees their
 * organizations and Logout instead of the form. The state and calls are
 * hooks/login/use_sign_in.ts; the steps are components/login/.
 */
import { CodeStep } from "../components/login/CodeStep.tsx";
import { PhoneStep } from "../components/login/PhoneStep.tsx";
import { TENANT_LOADING } from "../components/login/texts.ts";
import { useSignIn } from "../hooks/login/use_sign_in.ts";
import { useT } from "../components/texts.tsx";
import { formatPhone } from "../lib/phone.ts";
import { lazy, Suspense } from "react";

/** Only a signed-in visitor sees it, so it loads when they do: the sign-in form's bundle stays small. */
const OrganizationsMenu = lazy(() => import("./OrganizationsMenu.tsx"));

export { editPhone } from "../components/login/edit_phone.ts";
export { SEND_FAILED, SMS_TEXT, TENANT_LOADING, VERIFY_FAILED } from "../components/login/texts.ts";
export { homeFor, rolesIn } from "../hooks/login/use_sign_in.ts";

export interface LoginFormProps {
  /** The tenant whose login page this is; absent on the global /login. */
  tenant?: { code: string; name?: string; inviteOnly?: boolean };
}

export default function LoginForm({ tenant }: LoginFormProps) {
  const tenantCode = tenant?.code;
  const t = useT();
  const s = useSignIn(tenantCode);

  if (tenant && !tenant.name) {
    // The server passes the tenant's name with the page, so this only shows if it did not.
    return <p className="login__status" role="status">{t(TENANT_LOADING)}</p>;
  }

  if (s.view === "leaving") {
    return (
      <p className="login__status" role="status">{t("Signing you in to {name}...", { name: tenant?.name ?? "" })}</p>
    );
  }

  if (s.view === "account") {
    return (
      <>
        <h1 className="login__title">{t("You're signed in")}</h1>
        {s.account && (
          <p className="login__lead">
            {t("Signed in as {name}.", { name: s.account.name || formatPhone(s.account.phoneNumber) })}
          </p>
        )}
        <Suspense fallback={null}>
          <OrganizationsMenu onSignedOut={s.onSignedOut} />
        </Suspense>
      </>
    );
  }

  const formError = s.formError && <p className="notice notice--error" role="alert">{s.formError}</p>;
  if (s.step === "phone") {
    return (
      <PhoneStep
        tenantName={tenant?.name}
        inviteOnly={tenant?.inviteOnly}
        base={tenantCode ? `/${tenantCode}` : ""}
        phone={s.phone}
        onPhoneChange={s.onPhoneChange}
        onSubmit={s.onSend}
        inputRef={s.phoneRef}
        fieldError={s.fieldError}
        formError={formError}
        sending={s.busy === "send"}
        hydrated={s.hydrated}
      />
    );
  }
  return (
    <CodeStep
      sentTo={s.sentTo}
      code={s.code}
      onCode={s.setCode}
      onSubmit={s.onVerify}
      onResend={s.onResend}
      onChangePhone={() => s.goTo("phone")}
      inputRef={s.codeRef}
      fieldError={s.fieldError}
      formError={formError}
      notice={s.notice}
      busy={s.busy}
    />
  );
}
