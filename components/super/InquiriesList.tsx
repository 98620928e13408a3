/**
 * The provider's inbox: contact-form inquiries, newest first,
 * each with the organisation whose contact page it came from, and a button
 * to mark it handled.
 */
import { useState } from "react";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";

/** An inquiry as GET /api/super/inquiries answers it (routes/api/super_inquiries.ts). */
export interface InquiryRow {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  organization?: string;
  message: string;
  tenant: string | null;
  tenantName: string | null;
  handled: boolean;
}

/** The inbox as its island holds it (hooks/super/use_inquiries.ts). */
export interface Inbox {
  inquiries: InquiryRow[];
  phase: "loading" | "ready" | "error";
  unhandled: number;
  /** Marks it handled; false when the server refused. */
  markHandled(id: string): Promise<boolean>;
}

export function InquiriesList({ inbox }: { inbox: Inbox }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (inbox.phase === "loading") return <Loading text={t("Loading inquiries...")} />;
  if (inbox.phase === "error") {
    return <p className="notice notice--error" role="alert">{t("The inquiries could not be loaded.")}</p>;
  }
  if (inbox.inquiries.length === 0) return <p>{t("No inquiries yet.")}</p>;
  const when = new Intl.DateTimeFormat(t.lang === "es" ? "es" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      {failed && <p className="notice notice--error" role="alert">{t("The change could not be saved.")}</p>}
      <ul className="activity-list">
        {inbox.inquiries.map((i) => (
          <li key={i.id} className="activity-list__item">
            <span className="activity-list__text">
              {i.name} · <a href={`mailto:${i.email}`}>{i.email}</a>
              {i.organization ? ` · ${i.organization}` : ""}
            </span>
            <span className="activity-list__meta">
              <span className="activity-list__tenant">{i.tenantName ?? t("From the Hopper site")}</span>
              <time dateTime={new Date(i.createdAt).toISOString()}>{when.format(i.createdAt)}</time>
            </span>
            <p className="inquiry__message">{i.message}</p>
            {i.handled ? <span className="inquiry__handled">{t("Handled")}</span> : (
              <button
                type="button"
                className="button button--secondary"
                aria-label={t("Mark the inquiry from {name} handled", { name: i.name })}
                onClick={async () => setFailed(!await inbox.markHandled(i.id))}
              >
                {t("Mark handled")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
