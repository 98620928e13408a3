/** The rider's header line: how many drivers are online, and a note while live updates are down. */
import { useT } from "../texts.tsx";
import { useEffect, useState } from "react";
import { onlineText } from "../../lib/ride_texts.ts";

/** "Loading..." until the first answer, then "N online", green while there are some. */
export function DriverCount({ count }: { count: number | null }) {
  const t = useT();
  return (
    <p className={count ? "online-count online-count--some" : "online-count"}>
      <span className="online-count__dot" aria-hidden="true" />
      {onlineText(count, t)}
    </p>
  );
}

/** Shown while the socket is down and the screen polls (not in the first seconds, while it connects). */
export function LiveNote({ connected }: { connected: boolean }) {
  const t = useT();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), 4000);
    return () => clearTimeout(timer);
  }, []);
  if (connected || !settled) return null;
  return <p className="live-note">{t("Reconnecting… updates every 15 seconds meanwhile.")}</p>;
}
