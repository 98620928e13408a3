/**
 * The admin's Reports page and its monthly summary, behind the
 * admin guard. The figures and charts are drawn on the server
 * (routes/report_pages.tsx); this island only brings them with the admin's
 * token, for the range or month in the page's own address, and offers Print
 * on the monthly summary. Choosing a range is a plain GET form or link,
 * which reloads the page.
 */
import { useEffect, useState } from "react";
import { apiPart } from "../browser/auth_client.ts";
import { AdminGuard } from "../components/admin/AdminGuard.tsx";
import { AdminNav } from "../components/admin/AdminNav.tsx";
import { useDomId } from "../components/dom_id.ts";
import { useT } from "../components/texts.tsx";

export interface AdminReportsProps {
  tenant: string;
  view: "range" | "monthly";
}

export default function AdminReports(props: AdminReportsProps) {
  return <AdminGuard tenant={props.tenant}>{() => <ReportsScreen {...props} />}</AdminGuard>;
}

type Part = { state: "loading" } | { state: "failed" } | { state: "shown"; html: string };

function ReportsScreen({ tenant, view }: AdminReportsProps) {
  const t = useT();
  const id = useDomId();
  const [part, setPart] = useState<Part>({ state: "loading" });
  useEffect(() => {
    const path = `/${tenant}/admin/reports/${view === "monthly" ? "monthly/" : ""}figures${location.search}`;
    apiPart(path, { tenant })
      .then(({ html }) => setPart({ state: "shown", html }))
      .catch(() => setPart({ state: "failed" }));
  }, [tenant, view]);
  const monthly = view === "monthly";
  return (
    <section
      className={monthly ? "admin-page report-page report-page--monthly" : "admin-page report-page"}
      aria-labelledby={`${id}-title`}
    >
      <AdminNav tenant={tenant} current="reports" />
      <div className="admin-head">
        <h1 id={`${id}-title`}>{t(monthly ? "Monthly summary" : "Reports")}</h1>
        {monthly && (
          <div className="admin-head__actions report-actions">
            <a className="button button--small button--secondary" href={`/${tenant}/admin/reports`}>
              {t("All reports")}
            </a>
            <button type="button" className="button button--small" onClick={() => print()}>{t("Print")}</button>
          </div>
        )}
      </div>
      {part.state === "loading" && <p role="status" className="muted">{t("Loading the report...")}</p>}
      {part.state === "failed" && (
        <p role="alert" className="notice notice--error">{t("The report could not be loaded.")}</p>
      )}
      {part.state === "shown" && (
        // The server's own rendering of the report (routes/report_pages.tsx), escaped by React there: no outside HTML.
        // deno-lint-ignore react-no-danger
        <div className="report-part" dangerouslySetInnerHTML={{ __html: part.html }} />
      )}
    </section>
  );
}
