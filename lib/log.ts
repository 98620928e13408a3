/**
 * Structured logging: one JSON object per line on stdout. Callers pass only
 * what is safe to keep: never tokens, codes or full phone numbers.
 */
export type LogEvent = { event: string; level?: "info" | "warn" | "error" } & Record<string, unknown>;
export type Logger = (event: LogEvent) => void;

const encoder = new TextEncoder();

function writeStdout(text: string): void {
  const bytes = encoder.encode(text);
  let written = 0;
  while (written < bytes.length) written += Deno.stdout.writeSync(bytes.subarray(written));
}

let isoAt = 0;
let iso = "";

/** The time as ISO 8601, formatted once per millisecond (a busy server logs many lines in one). */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoAt) {
    isoAt = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}

/** How long a line may wait to be written with the lines after it. */
export const FLUSH_MS = 2;

/**
 * Lines are gathered and written together, FLUSH_MS after the first of them:
 * one write call for many requests instead of one each, which under load
 * roughly doubles what the server can answer, and one timer for them, not one
 * per turn of the event loop. Errors are written at once, and what is pending is written when the
 * process exits.
 */
export function jsonLogger(write: (text: string) => void = writeStdout): Logger {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    write(text);
  };
  globalThis.addEventListener("unload", flush);
  return (event) => {
    // The event is stringified as it is (a copy only when it names its level) with the time and level put
    // in front: stringifying a spread copy of every event cost about as much again, on every request.
    const level = event.level ?? "info";
    const fields = JSON.stringify(event.level === undefined ? event : withoutLevel(event)).slice(1);
    const head = `{"time":"${isoNow()}","level":"${level}"`;
    pending.push(fields === "}" ? `${head}}\n` : `${head},${fields}\n`);
    if (event.level === "error") flush();
    else if (!scheduled) {
      scheduled = true;
      setTimeout(flush, FLUSH_MS);
    }
  };
}

function withoutLevel({ level: _, ...rest }: LogEvent): Record<string, unknown> {
  return rest;
}
