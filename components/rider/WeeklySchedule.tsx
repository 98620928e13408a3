/** The shuttle's weekly schedule, shown to a rider while no driver is online (spec section 5). */
import { useT } from "../texts.tsx";
import { useEffect, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import type { Schedule } from "../../lib/schemas.ts";
import { useDomId } from "../dom_id.ts";
import { Loading } from "../Guard.tsx";
import { ScheduleList } from "../ScheduleList.tsx";

export const SCHEDULE_ERROR = "The schedule could not be loaded. Please try again later.";

type Loaded = { status: "loading" } | { status: "ready"; schedule: Schedule | null } | { status: "error" };

export function WeeklySchedule({ tenant }: { tenant: string }) {
  const titleId = useDomId();
  const t = useT();
  const [state, setState] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    let live = true;
    api<{ schedule?: Schedule | null }>(`/${tenant}/api/schedule`, { tenant }).then(
      (data) => live && setState({ status: "ready", schedule: data?.schedule ?? null }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [tenant]);
  return (
    <section className="ride-schedule" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("Shuttle schedule")}</h2>
      <p className="muted">{t("No drivers are online right now. The shuttle runs:")}</p>
      {state.status === "loading" && <Loading text={t("Loading schedule...")} />}
      {state.status === "error" && <p className="notice notice--error" role="alert">{t(SCHEDULE_ERROR)}</p>}
      {state.status === "ready" && <ScheduleList schedule={state.schedule} />}
    </section>
  );
}

/** The screen loads it lazily (islands/RiderScreen.tsx): a default export keeps that import short. */
export default WeeklySchedule;
