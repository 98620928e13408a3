/** An SMS sender that keeps every message in memory, so tests can read the codes and texts the app sent. */
import type { SmsSender } from "../../lib/sms.ts";

export function recordingSender(): SmsSender & { sent: { to: string; body: string; from?: string }[] } {
  const sent: { to: string; body: string; from?: string }[] = [];
  return {
    sent,
    send(to, body, from) {
      sent.push({ to, body, ...(from && { from }) });
      return Promise.resolve();
    },
  };
}
