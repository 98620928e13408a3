import { api, ApiError } from "../browser/auth_client.ts";
import { type FormEvent, useRef, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { type T, useT } from "../components/texts.tsx";
import type { Text } from "../lib/i18n/catalogue.ts";
import type { Translate } from "../lib/i18n/format.ts";
import { INQUIRY_LIMITS, type InquiryInput, inquirySchema } from "../lib/schemas.ts";

export interface ContactFormProps {
  /** Where the visitor's mail client addresses the pre-filled message (CONTACT_EMAIL). */
  contactEmail: string;
  /** Set on a tenant's contact page, so the inquiry records which service it came from. */
  tenant?: string;
}

type Status = "idle" | "sending" | "success" | "error";
type Field = "name" | "email" | "organization" | "message";

export const SUCCESS_TEXT: Text = "Thank you for your message! We'll get back to you soon.";
export const ERROR_TEXT: Text =
  "Sorry, there was an error sending your message. Please try again or email us directly.";

/**
 * A field's refusal from lib/schemas.ts in the page's language: its message
 * is a catalogue text and its `params` the values (a field's name as
 * `{ text }`, translated too), as the server answers it.
 */
function fieldError(issue: { message: string; params?: Record<string, unknown> }, t: T): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === "string" || typeof value === "number") values[name] = value;
    else if (value && typeof value === "object" && "text" in value) values[name] = t(value.text as Text);
  }
  return t(issue.message as Text, values);
}

/** Builds the mailto: link that opens the visitor's mail client with the message filled in (RFC 6068: CRLF line breaks). */
export function mailtoLink(to: string, inquiry: InquiryInput, t: Translate): string {
  const subject = t("Shuttle service inquiry from {name}", { name: inquiry.name });
  const lines = [
    inquiry.message,
    "",
    `${t("Name")}: ${inquiry.name}`,
    `${t("Email")}: ${inquiry.email}`,
    ...(inquiry.organization ? [`${t("Organization")}: ${inquiry.organization}`] : []),
  ];
  const body = lines.join("\n").replace(/\r?\n/g, "\r\n");
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The contact form (spec sections 2, 3, 5): records the inquiry with the
 * server first, so it reaches the operator even without a mail client, then
 * opens the visitor's mail client with the same message.
 */
export default function ContactForm({ contactEmail, tenant }: ContactFormProps) {
  const t = useT();
  const [status, setStatus] = useState<Status>("idle");
  const [errorText, setErrorText] = useState(() => t(ERROR_TEXT));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const messageId = useDomId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: Field) => String(data.get(name) ?? "");
    const parsed = inquirySchema.safeParse({
      name: text("name"),
      email: text("email"),
      organization: text("organization").trim() || undefined,
      message: text("message"),
      tenant,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= fieldError(issue, t);
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus("sending");
    try {
      await api("/api/inquiries", { method: "POST", body: parsed.data, anonymous: true });
      setStatus("success");
      location.assign(mailtoLink(contactEmail, parsed.data, t));
    } catch (err) {
      // Over the limit the server's own words say when to try again; anything else gets the spec's text.
      const reason = err instanceof ApiError && err.status === 429 ? err.serverError : null;
      setErrorText(reason ?? t(ERROR_TEXT));
      setStatus("error");
    }
  }

  if (status === "success") {
    return (
      <div className="notice notice--success" role="status">
        <p className="notice__title">{t(SUCCESS_TEXT)}</p>
        <p>{t("We reply within 1-2 business days. Your mail client should also open with a copy of your message.")}</p>
        <button type="button" className="button button--secondary" onClick={() => setStatus("idle")}>
          {t("Send another message")}
        </button>
      </div>
    );
  }

  const sending = status === "sending";
  return (
    <form
      ref={formRef}
      className="form"
      // Without JavaScript the browser itself hands the fields to the mail client.
      method="post"
      action={`mailto:${contactEmail}`}
      encType="text/plain"
      noValidate
      onSubmit={onSubmit}
    >
      {status === "error" && <p className="notice notice--error" role="alert">{errorText}</p>}
      {([
        { name: "name", label: t("Name"), autoComplete: "name", required: true },
        { name: "email", label: t("Email"), type: "email", autoComplete: "email", required: true },
        { name: "organization", label: t("Organization (optional)"), autoComplete: "organization" },
      ] as const).map((field) => (
        <TextField key={field.name} {...field} max={INQUIRY_LIMITS[field.name]} error={errors[field.name]} />
      ))}
      <div className="field">
        <label htmlFor={messageId}>{t("Message")}</label>
        <textarea
          id={messageId}
          name="message"
          rows={6}
          maxLength={INQUIRY_LIMITS.message}
          required
          aria-required="true"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
        />
        {errors.message && <p id={`${messageId}-error`} className="field__error">{errors.message}</p>}
      </div>
      <button type="submit" className="button button--large" disabled={sending}>
        {t(sending ? "Sending..." : "Send Message")}
      </button>
    </form>
  );
}

function TextField(
  { name, label, type = "text", autoComplete, max, error, required = false }: {
    name: Field;
    label: string;
    type?: string;
    autoComplete: string;
    max: number;
    error?: string;
    required?: boolean;
  },
) {
  const id = useDomId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={max}
        required={required}
        aria-required={required ? "true" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <p id={`${id}-error`} className="field__error">{error}</p>}
    </div>
  );
}
