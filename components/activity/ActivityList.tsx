/**
 * An audit list in words, newest first, with "Load more": the
 * admin's Activity page and the provider's console. `showTenant` names the
 * organisation of each entry (the console's every-tenant list).
 */
import { PROVIDER_TRAIL } from "../../lib/audit_trail.ts";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";
import { activityWords } from "./audit_words.ts";
import { useActivity } from "./use_activity.ts";

export function ActivityList({ path, tenant, showTenant = false }: {
  path: string;
  tenant?: string;
  showTenant?: boolean;
}) {
  const t = useT();
  const list = useActivity(path, tenant);
  if (list.phase === "loading") return <Loading text={t("Loading activity...")} />;
  const when = new Intl.DateTimeFormat(t.lang === "es" ? "es" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      {list.phase === "error" && (
        <p role="alert" className="notice notice--error">{t("The activity could not be loaded.")}</p>
      )}
      {list.phase === "ready" && list.entries.length === 0 && <p>{t("Nothing has been recorded yet.")}</p>}
      <ul className="activity-list">
        {list.entries.map((e) => {
          const words = activityWords(t, e);
          return (
            <li key={`${e.tenant}/${e.id}`} className="activity-list__item">
              <span className="activity-list__text">{words.text}</span>
              <span className="activity-list__meta">
                {showTenant && (
                  <span className="activity-list__tenant">
                    {e.tenant === PROVIDER_TRAIL ? t("Provider") : e.tenant}
                  </span>
                )}
                {words.withBy && <span>{t("by {by}", { by: e.byName ?? t("someone") })}</span>}
                <time dateTime={new Date(e.at).toISOString()}>{when.format(e.at)}</time>
              </span>
            </li>
          );
        })}
      </ul>
      {list.hasMore && (
        <div className="admin-more">
          <button type="button" className="button button--secondary" onClick={list.more} disabled={list.loadingMore}>
            {list.loadingMore ? t("Loading...") : t("Load more")}
          </button>
        </div>
      )}
    </>
  );
}
