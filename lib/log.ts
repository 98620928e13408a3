/**
 * Structured logging: one JSON object per line on stdout. Callers pass only
 * what is safe to keep: never tokens, codes or full phone numbers.
 */
export type LogEvent = { event: string; level?: "info" | "warn" | "error" } & Record<string, unknown>;
export type Logger = (event: LogEvent) => void;

export function jsonLogger(write: (line: string) => void = console.log): Logger {
  return (event) => write(JSON.stringify({ time: new Date().toISOString(), level: "info", ...event }));
}

/** Keeps events in memory: for tests that check what was (and was not) logged. */
export function memoryLogger(): Logger & { events: LogEvent[] } {
  const events: LogEvent[] = [];
  return Object.assign((event: LogEvent) => void events.push(event), { events });
}
