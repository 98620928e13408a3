/**
 * The sign-in screen's state and steps (spec section 2 "Login screen",
 * sections 5 and 8): looks at the stored sign-in after mount, sends the code
 * (POST /api/auth/login), checks it (POST /api/auth/verify) and stores the
 * session. The calls go through browser/auth_client.ts `api()` as anonymous
 * calls: no token is sent, and a 401 (a wrong code) is the form's error,
 * never a sign-out.
 */
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError, getToken, getUser, saveAuth, type SignedInUser } from "../../browser/auth_client.ts";
import { loadRoles } from "../../browser/load_roles.ts";
import { CODE_ERROR } from "../../lib/otp.ts";
import { formatPhone, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { homePage, type Role } from "../../lib/roles.ts";
import type { Busy } from "../../components/login/CodeStep.tsx";
import { editPhone } from "../../components/login/edit_phone.ts";
import { SEND_FAILED, VERIFY_FAILED } from "../../components/login/texts.ts";
import { useT } from "../../components/texts.tsx";

export type Step = "phone" | "code";

/** The user's roles in one tenant, from the signed-in user record. */
export function rolesIn(user: SignedInUser | null, tenant: string): Role[] {
  return user?.tenants?.find((t) => t.code === tenant)?.roles ?? [];
}

/** Where a tenant sign-in lands: admin first, then dispatch, then driver, else rider (lib/roles.ts homePage). */
export function homeFor(tenant: string, roles: readonly Role[]): string {
  return `/${tenant}/${homePage(roles)}`;
}

/** The server's error text of a failed call, or `fallback` (none sent, or the network failed). */
function errorText(err: unknown, fallback: string): string {
  return (err instanceof ApiError && err.serverError) || fallback;
}

export function useSignIn(tenantCode: string | undefined) {
  const t = useT();
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
  const challenge = useRef<string | undefined>(undefined);
  /** Set when the person moves between steps, so focus follows (but not on page load). */
  const moved = useRef(false);
  const extra = tenantCode ? { tenantCode } : {};

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
      const sent = await api<{ challenge?: string } | null>("/api/auth/login", {
        method: "POST",
        body: { phoneNumber, ...extra },
        anonymous: true,
      });
      // Kept in memory only: the verify carries it, so guesses from other clients never reach this code.
      challenge.current = sent?.challenge;
      return null;
    } catch (err) {
      return { status: err instanceof ApiError ? err.status : 0, text: errorText(err, t(SEND_FAILED)) };
    }
  }

  async function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const digits = normalizePhone(phone);
    setFormError(null);
    if (!digits) {
      setFieldError(t(PHONE_ERROR));
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
    setNotice(t("We sent a new code to {phone}.", { phone: formatPhone(sentTo) }));
    codeRef.current?.focus();
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    setNotice(null);
    if (!/^\d{4}$/.test(code)) {
      setFieldError(t(CODE_ERROR));
      codeRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy("verify");
    try {
      const data = await api<{ user?: SignedInUser; token?: string } | null>("/api/auth/verify", {
        method: "POST",
        body: { phoneNumber: sentTo, code, challenge: challenge.current, ...extra },
        anonymous: true,
      });
      if (data?.user && data.token) {
        saveAuth(data.token, data.user);
        // Stays busy while the browser leaves for the next page.
        location.assign(tenantCode ? homeFor(tenantCode, rolesIn(data.user, tenantCode)) : "/");
        return;
      }
      setFormError(t(VERIFY_FAILED));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 401)) {
        // Wrong or malformed code: clear it for the next try.
        setFieldError(errorText(err, t(CODE_ERROR)));
        setCode("");
        codeRef.current?.focus();
      } else setFormError(errorText(err, t(VERIFY_FAILED)));
    }
    setBusy(null);
  }

  return {
    view,
    hydrated,
    account,
    step,
    phone,
    sentTo,
    code,
    setCode,
    busy,
    fieldError,
    formError,
    notice,
    phoneRef,
    codeRef,
    goTo,
    onSignedOut,
    onPhoneChange,
    onSend,
    onResend,
    onVerify,
  };
}
