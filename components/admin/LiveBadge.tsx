/** The trips screen's word for its live socket (browser/live_connection.ts LiveState). */
import type { LiveState } from "../../browser/live_client.ts";

const LIVE_TEXT: Record<LiveState, string> = {
  connecting: "Connecting...",
  live: "Live",
  offline: "Reconnecting...",
  refused: "Live updates off",
};

export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <span className={`live-badge live-badge--${state}`} role="status">
      <span className="live-badge__dot" aria-hidden="true" />
      {LIVE_TEXT[state]}
    </span>
  );
}
