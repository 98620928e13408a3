/**
 * What the rider and driver pages of a paused organisation show instead of
 * their screen: server-rendered, so the rider page's bundle is
 * not loaded at all and its budget is untouched.
 */
import { SERVICE_PAUSED } from "../lib/service_status.ts";
import { useT } from "./texts.tsx";

export function PausedNotice({ organisation }: { organisation: string }) {
  const t = useT();
  return (
    <div className="guard-message" role="alert">
      <p>{t(SERVICE_PAUSED, { organisation })}</p>
    </div>
  );
}
