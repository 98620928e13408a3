/**
 * The provider's organisations: a search over name and code, a
 * table with each one's status, members and rides of the last 7 days, and
 * a Pause or Resume button (PUT /api/super/tenants/{code}), and a Texts
 * button that opens what the organisation's texts may cost
 * (components/super/TextingForm.tsx) below the table.
 */
import { useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";
import { TextingForm } from "./TextingForm.tsx";
import type { Reload, TenantRow } from "./types.ts";

export function TenantsTable({ tenants, onChanged }: { tenants: TenantRow[]; onChanged: Reload }) {
  const t = useT();
  const id = useDomId();
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [texting, setTexting] = useState<TenantRow | null>(null);
  const q = query.trim().toLowerCase();
  const shown = tenants.filter((row) => !q || row.name.toLowerCase().includes(q) || row.code.includes(q));
  const date = new Intl.DateTimeFormat(t.lang === "es" ? "es" : "en-US", { dateStyle: "medium" });

  async function toggle(row: TenantRow) {
    setBusy(row.code);
    setError("");
    try {
      const status = row.status === "active" ? "suspended" : "active";
      await api(`/api/super/tenants/${row.code}`, { method: "PUT", body: { status } });
      await onChanged();
    } catch {
      setError(t("The change could not be saved."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-search`}>{t("Search organizations")}</label>
        <input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      </div>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {shown.length === 0 ? <p>{t("No organizations match.")}</p> : (
        <table className="data-table">
          <caption className="visually-hidden">{t("Organizations")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Organization")}</th>
              <th scope="col">{t("Code")}</th>
              <th scope="col">{t("Status")}</th>
              <th scope="col">{t("Members")}</th>
              <th scope="col">{t("Rides, last 7 days")}</th>
              <th scope="col">{t("Created")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Pause or resume")}</span>
              </th>
              <th scope="col">
                <span className="visually-hidden">{t("Texts")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.code}>
                <td data-label={t("Organization")}>{row.name}</td>
                <td data-label={t("Code")}>{row.code}</td>
                <td data-label={t("Status")}>{row.status === "active" ? t("Active") : t("Paused")}</td>
                <td data-label={t("Members")}>{row.members}</td>
                <td data-label={t("Rides, last 7 days")}>{row.ridesLast7Days}</td>
                <td data-label={t("Created")}>{date.format(row.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy === row.code}
                    aria-label={row.status === "active"
                      ? t("Pause {name}", { name: row.name })
                      : t("Resume {name}", { name: row.name })}
                    onClick={() => toggle(row)}
                  >
                    {row.status === "active" ? t("Pause") : t("Resume")}
                  </button>
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t("Texts from {name}", { name: row.name })}
                    aria-pressed={texting?.code === row.code}
                    onClick={() => setTexting(texting?.code === row.code ? null : row)}
                  >
                    {t("Texts")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {texting && <TextingForm key={texting.code} tenant={texting} onClose={() => setTexting(null)} />}
    </>
  );
}
