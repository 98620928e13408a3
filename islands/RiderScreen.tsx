/**
 * The rider screen (spec section 2, "Rider screen"), behind the access guard
 * (rider required). For now it shows the tenant's weekly shuttle schedule;
 * the ride request (map, destination, passengers) comes in a later issue and
 * reuses lib/schedule_display.ts through ScheduleList.
 */
import { useEffect, useState } from "react";
import { Guard, Loading } from "../components/Guard.tsx";
import { ScheduleList } from "../components/ScheduleList.tsx";
import { api } from "../lib/auth_client.ts";
import type { Schedule } from "../lib/schemas.ts";

export interface RiderScreenProps {
  tenant: string;
}

export const SCHEDULE_ERROR = "The schedule could not be loaded. Please try again later.";

export default function RiderScreen({ tenant }: RiderScreenProps) {
  return (
    <Guard tenant={tenant} required="rider">
      {() => (
        <section className="panel" aria-labelledby="rider-schedule">
          <h1 id="rider-schedule">Shuttle schedule</h1>
          <WeeklySchedule tenant={tenant} />
        </section>
      )}
    </Guard>
  );
}

type Loaded = { status: "loading" } | { status: "ready"; schedule: Schedule | null } | { status: "error" };

function WeeklySchedule({ tenant }: { tenant: string }) {
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
  if (state.status === "loading") return <Loading text="Loading schedule..." />;
  if (state.status === "error") return <p className="notice notice--error" role="alert">{SCHEDULE_ERROR}</p>;
  return <ScheduleList schedule={state.schedule} />;
}
