/**
 * The provider's inbox: contact-form inquiries, newest first,
 * each with the organisation whose contact page it came from, and a button
 * to mark it handled.
 */
import { useState } from "react";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";
import type { useInquiries } from "./use_inquiries.ts";

export function InquiriesList({ inbox }: { inbox: ReturnType<typeof useInquiries> }) {
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
