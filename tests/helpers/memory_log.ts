/** A logger that keeps events in memory: for tests that check what was (and was not) logged. */
import type { LogEvent, Logger } from "../../lib/log.ts";

export function memoryLogger(): Logger & { events: LogEvent[] } {
  const events: LogEvent[] = [];
  return Object.assign((event: LogEvent) => void events.push(event), { events });
}
