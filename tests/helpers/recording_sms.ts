/** An SMS sender that keeps every message in memory, so tests can read the codes and texts the app sent. */
import type { SmsSender } from "../../lib/sms.ts";

export function recordingSender(): SmsSender & { sent: { to: string; body: string }[] } {
  const sent: { to: string; body: string }[] = [];
  return {
    sent,
    send(to, body) {
      sent.push({ to, body });
      return Promise.resolve();
    },
  };
}
