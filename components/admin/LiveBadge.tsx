/** The trips screen's word for its live socket (browser/live_connection.ts LiveState). */
import type { LiveState } from "../../browser/live_client.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { useT } from "../texts.tsx";

const LIVE_TEXT: Record<LiveState, Text> = {
  connecting: "Connecting...",
  live: "Live",
  offline: "Reconnecting...",
  refused: "Live updates off",
};

export function LiveBadge({ state }: { state: LiveState }) {
  const t = useT();
  return (
    <span className={`live-badge live-badge--${state}`} role="status">
      <span className="live-badge__dot" aria-hidden="true" />
      {t(LIVE_TEXT[state])}
    </span>
  );
}
