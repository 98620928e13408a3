/**
 * Numbers strangers locked with wrong codes (GET /api/super/locked-numbers):
 * who the number is where known, since when, and an Unlock button (DELETE
 * /api/super/locked-numbers/{phone}, audited) for when its owner asks, having
 * never signed in on a device the lock lets through.
 */
import { useEffect, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { formatPhone } from "../../lib/phone.ts";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";

/** A locked number as the server lists it (kv/number_locks.ts LockedNumberView). */
export interface LockedNumberRow {
  phoneNumber: string;
  since: number;
  until: number;
  name: string | null;
  tenants: string[];
}

export function LockedNumbers() {
  const t = useT();
  const [rows, setRows] = useState<LockedNumberRow[]>([]);
  const [phase, setPhase] = useState<"loading" | "ready" | "error">("loading");
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");
  const date = new Intl.DateTimeFormat(t.lang === "es" ? "es" : "en-US", { dateStyle: "medium", timeStyle: "short" });

  useEffect(() => {
    api<{ numbers?: LockedNumberRow[] }>("/api/super/locked-numbers", { requireToken: true }).then((data) => {
      setRows(Array.isArray(data?.numbers) ? data.numbers : []);
      setPhase("ready");
    }, () => setPhase("error"));
  }, []);

  async function unlock(row: LockedNumberRow) {
    setBusy(row.phoneNumber);
    setNotice("");
    setFailure("");
    try {
      await api(`/api/super/locked-numbers/${row.phoneNumber}`, { method: "DELETE" });
      setRows((list) => list.filter((r) => r.phoneNumber !== row.phoneNumber));
      setNotice(t("{phone} can sign in again.", { phone: formatPhone(row.phoneNumber) }));
    } catch (err) {
      setFailure((err instanceof ApiError && err.serverError) || t("The sign-in could not be unlocked."));
    } finally {
      setBusy(null);
    }
  }

  if (phase === "loading") return <Loading text={t("Loading locked numbers...")} />;
  if (phase === "error") {
    return <p className="notice notice--error" role="alert">{t("The locked numbers could not be loaded.")}</p>;
  }
  return (
    <>
      <p>
        {t(
          "Numbers locked after too many wrong codes from strangers. Their owners still sign in on a phone or computer they used before; unlock a number when someone without one asks.",
        )}
      </p>
      {notice && <p className="notice notice--success" role="status">{notice}</p>}
      {failure && <p className="notice notice--error" role="alert">{failure}</p>}
      {rows.length === 0 ? <p className="empty-state">{t("No number is locked.")}</p> : (
        <table className="data-table">
          <caption className="visually-hidden">{t("Sign-in locks")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Phone number")}</th>
              <th scope="col">{t("Name")}</th>
              <th scope="col">{t("Organizations")}</th>
              <th scope="col">{t("Locked since")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("Unlock")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const phone = formatPhone(row.phoneNumber);
              return (
                <tr key={row.phoneNumber}>
                  <td data-label={t("Phone number")}>{phone}</td>
                  <td data-label={t("Name")}>{row.name ?? "—"}</td>
                  <td data-label={t("Organizations")}>{row.tenants.length ? row.tenants.join(", ") : "—"}</td>
                  <td data-label={t("Locked since")}>{date.format(row.since)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy === row.phoneNumber}
                      aria-label={t("Unlock {phone}", { phone })}
                      onClick={() => unlock(row)}
                    >
                      {t("Unlock")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
