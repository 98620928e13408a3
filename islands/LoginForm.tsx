import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { getToken, getUser, saveAuth, type SignedInUser } from "../browser/auth_client.ts";
import { CODE_ERROR } from "../lib/otp.ts";
import { formatPhone, formatPhoneInput, normalizePhone, PHONE_ERROR } from "../lib/phone.ts";
import { homePage, type Role } from "../lib/roles.ts";
import { loadRoles } from "../browser/load_roles.ts";
import OrganizationsMenu from "./OrganizationsMenu.tsx";

export interface LoginFormProps {
  /** The tenant whose login page this is; absent on the global /login. */
  tenant?: { code: string; name?: string };
}

export const SMS_TEXT = "We'll send you a verification code via SMS";
export const SEND_FAILED = "Failed to send verification code. Please try again.";
export const VERIFY_FAILED = "Something went wrong. Please try again.";
export const TENANT_LOADING = "Please wait while tenant information is loading...";

type Step = "phone" | "code";
type Busy = "send" | "resend" | "verify" | null;

/** The user's roles in one tenant, from the signed-in user record. */
export function rolesIn(user: SignedInUser | null, tenant: string): Role[] {
  return user?.tenants?.find((t) => t.code === tenant)?.roles ?? [];
}

/** Where a tenant sign-in lands: admin first, then driver, else rider (lib/roles.ts homePage). */
export function homeFor(tenant: string, roles: readonly Role[]): string {
  return `/${tenant}/${homePage(roles)}`;
}

/**
 * One edit of the phone field, kept in the (###) ###-#### form while the
 * person types. Returns the new value and where the caret goes: after the
 * same digits it followed before the edit. Deleting a bracket, space or dash
 * deletes the digit beside it instead (else the formatting would put it
 * straight back and the key would seem dead), and a pasted or autofilled
 * +1 country code is dropped.
 */
export function editPhone(
  previous: string,
  raw: string,
  caret: number | null,
  forward = false,
): { value: string; caret: number } {
  let digits = raw.replace(/\D/g, "");
  let before = raw.slice(0, caret ?? raw.length).replace(/\D/g, "").length;
  if (raw.length < previous.length && digits === previous.replace(/\D/g, "")) {
    if (forward) digits = digits.slice(0, before) + digits.slice(before + 1);
    else if (before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
  }
  if (digits.length === 11 && digits[0] === "1") {
    digits = digits.slice(1);
    before = Math.max(0, before - 1);
  }
  digits = digits.slice(0, 10);
  before = Math.min(before, digits.length);
  const value = formatPhoneInput(digits);
  let at = 0;
  for (let seen = 0; at < value.length && seen < before; at++) if (/\d/.test(value[at])) seen++;
  return { value, caret: at };
}

/** The error text a failed answer carries, or `fallback`. */
async function errorText(res: Response, fallback: string): Promise<string> {
  const data = await res.json().catch(() => null);
  return typeof data?.error === "string" && data.error ? data.error : fallback;
}

/**
 * The sign-in screen (spec section 2 "Login screen", sections 5 and 8): the
 * phone number, then the 4-digit code texted to it. On a tenant's login page
 * a signed-in member goes straight to their home page, and signing in joins
 * the tenant as a rider; on the global /login a signed-in user sees their
 * organizations and Logout instead of the form.
 */
export default function LoginForm({ tenant }: LoginFormProps) {
  const tenantCode = tenant?.code;
  /** "form" until the browser has looked at the stored sign-in (the server always renders the form). */
  const [view, setView] = useState<"form" | "account" | "leaving">("form");
  const [hydrated, setHydrated] = useState(false);
  const [account, setAccount] = useState<SignedInUser | null>(null);
  const [step, setStep] = useState<Step>("phone");
  /** The phone field as shown, e.g. "(864) 555-01". */
  const [phone, setPhone] = useState("");
  /** The 10 digits the code was sent to. */
  const [sentTo, setSentTo] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState<Busy>(null);
  /** An error about the field on screen (format, or the server's 400/401 text). */
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** Any other failure: over the limit, locked out, SMS not sent, server down. */
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  /** Set when the person moves between steps, so focus follows (but not on page load). */
  const moved = useRef(false);

  useEffect(() => {
    function checkSignedIn() {
      setBusy(null);
      const user = getToken() ? getUser() : null;
      if (!user) return;
      if (!tenantCode) {
        setAccount(user);
        setView("account");
        return;
      }
      // A member of this tenant has nothing to do here; anyone else signs in (and joins as a rider).
      // The server says who is a member (as the page guard asks it), not the stored copy, so a stale
      // copy cannot bounce the visitor between this page and the guard.
      loadRoles(tenantCode).then((roles) => {
        if (!roles || roles.length === 0) return;
        setView("leaving");
        location.assign(homeFor(tenantCode, roles));
      });
    }
    checkSignedIn();
    setHydrated(true);
    // Back from the next page out of the back/forward cache: no longer busy, and maybe signed in now.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && checkSignedIn();
    addEventListener("pageshow", onPageShow);
    return () => removeEventListener("pageshow", onPageShow);
  }, [tenantCode]);

  useEffect(() => {
    if (!moved.current) return;
    (step === "code" ? codeRef : phoneRef).current?.focus();
  }, [step]);

  const onSignedOut = useCallback(() => {
    setAccount(null);
    setView("form");
    setStep("phone");
  }, []);

  function goTo(next: Step) {
    moved.current = true;
    setFieldError(null);
    setFormError(null);
    setNotice(null);
    setCode("");
    setStep(next);
  }

  function onPhoneChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const forward = (event.nativeEvent as InputEvent | undefined)?.inputType === "deleteContentForward";
    const next = editPhone(phone, input.value, input.selectionStart, forward);
    // Write the formatted value now, so React leaves the field alone and the caret stays where it belongs.
    input.value = next.value;
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    setPhone(next.value);
  }

  /** Asks the server to text a code; answers the failure's status and text, or null once sent. */
  async function requestCode(phoneNumber: string): Promise<{ status: number; text: string } | null> {
    try {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phoneNumber, ...(tenantCode ? { tenantCode } : {}) }),
      });
      return res.ok ? null : { status: res.status, text: await errorText(res, SEND_FAILED) };
    } catch {
      return { status: 0, text: SEND_FAILED };
    }
  }

  async function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const digits = normalizePhone(phone);
    setFormError(null);
    if (!digits) {
      setFieldError(PHONE_ERROR);
      phoneRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy("send");
    const failure = await requestCode(digits);
    setBusy(null);
    if (failure) {
      if (failure.status === 400) {
        setFieldError(failure.text);
        phoneRef.current?.focus();
      } else setFormError(failure.text);
      return;
    }
    setSentTo(digits);
    goTo("code");
  }

  async function onResend() {
    if (busy) return;
    setFieldError(null);
    setFormError(null);
    setNotice(null);
    setBusy("resend");
    const failure = await requestCode(sentTo);
    setBusy(null);
    if (failure) {
      setFormError(failure.text);
      return;
    }
    setCode("");
    setNotice(`We sent a new code to ${formatPhone(sentTo)}.`);
    codeRef.current?.focus();
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    setNotice(null);
    if (!/^\d{4}$/.test(code)) {
      setFieldError(CODE_ERROR);
      codeRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy("verify");
    try {
      const res = await fetch("/api/auth/verify", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phoneNumber: sentTo, code, ...(tenantCode ? { tenantCode } : {}) }),
      });
      if (res.ok) {
        const data = await res.json().catch(() => null) as { user?: SignedInUser; token?: string } | null;
        if (data?.user && data.token) {
          saveAuth(data.token, data.user);
          // Stays busy while the browser leaves for the next page.
          location.assign(tenantCode ? homeFor(tenantCode, rolesIn(data.user, tenantCode)) : "/");
          return;
        }
        setFormError(VERIFY_FAILED);
      } else if (res.status === 400 || res.status === 401) {
        // Wrong or malformed code: clear it for the next try.
        setFieldError(await errorText(res, CODE_ERROR));
        setCode("");
        codeRef.current?.focus();
      } else {
        setFormError(await errorText(res, VERIFY_FAILED));
      }
    } catch {
      setFormError(VERIFY_FAILED);
    }
    setBusy(null);
  }

  if (tenant && !tenant.name) {
    // The server passes the tenant's name with the page, so this only shows if it did not.
    return <p className="login__status" role="status">{TENANT_LOADING}</p>;
  }

  if (view === "leaving") {
    return <p className="login__status" role="status">Signing you in to {tenant?.name}...</p>;
  }

  if (view === "account") {
    return (
      <>
        <h1 className="login__title">You're signed in</h1>
        {account && (
          <p className="login__lead">
            Signed in as {account.name || formatPhone(account.phoneNumber)}.
          </p>
        )}
        <OrganizationsMenu onSignedOut={onSignedOut} />
      </>
    );
  }

  const base = tenantCode ? `/${tenantCode}` : "";
  const formErrorNotice = formError && <p className="notice notice--error" role="alert">{formError}</p>;

  if (step === "phone") {
    const sending = busy === "send";
    return (
      <>
        <h1 className="login__title">Welcome to {tenant?.name ?? "Hopper"}</h1>
        <p className="login__lead">{SMS_TEXT}</p>
        <form className="form login__form" noValidate onSubmit={onSend}>
          {formErrorNotice}
          <div className="field">
            <label htmlFor="login-phone">Phone number</label>
            <input
              ref={phoneRef}
              id="login-phone"
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 555-5555"
              value={phone}
              onChange={onPhoneChange}
              required
              aria-required="true"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? "login-phone-error" : undefined}
            />
            {fieldError && <p id="login-phone-error" className="field__error" role="alert">{fieldError}</p>}
          </div>
          {/* Disabled until hydrated: a click before then would put the number in the address bar. */}
          <button type="submit" className="button button--large" disabled={sending || !hydrated}>
            {sending ? "Sending..." : "Send Verification Code"}
          </button>
          <p className="login__terms">
            By continuing you agree to our <a href={`${base}/terms`}>Terms of Service</a> and{" "}
            <a href={`${base}/privacy`}>Privacy Policy</a>. Message and data rates may apply.
          </p>
        </form>
      </>
    );
  }

  return (
    <>
      <h1 className="login__title">Verify Your Phone</h1>
      <p className="login__lead">
        Enter the 4-digit code we sent to <strong className="login__phone">{formatPhone(sentTo)}</strong>.
      </p>
      <form className="form login__form" noValidate onSubmit={onVerify}>
        {formErrorNotice}
        {notice && <p className="notice notice--success" role="status">{notice}</p>}
        <div className="field">
          <label htmlFor="login-code">Verification code</label>
          <input
            ref={codeRef}
            id="login-code"
            name="code"
            className="login__code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={4}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
            required
            aria-required="true"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "login-code-error" : undefined}
          />
          {fieldError && <p id="login-code-error" className="field__error" role="alert">{fieldError}</p>}
        </div>
        <button type="submit" className="button button--large" disabled={busy !== null}>
          {busy === "verify" ? "Verifying..." : "Verify Code"}
        </button>
        <div className="login__links">
          <button type="button" className="login__link-button" onClick={onResend} disabled={busy !== null}>
            {busy === "resend" ? "Sending..." : "Resend Code"}
          </button>
          <button
            type="button"
            className="login__link-button"
            onClick={() => goTo("phone")}
            disabled={busy === "verify"}
          >
            Change Phone Number
          </button>
        </div>
      </form>
    </>
  );
}
