/**
 * The app's log as a use case is given it (domain/ logs what it decided, and
 * knows nothing of requests): each event written with the request's id.
 */
import type { Context } from "hono";
import type { LogEvent } from "../lib/log.ts";
import type { AppDeps, Env } from "./env.ts";

export function requestLog(deps: AppDeps, c: Context<Env>): (event: LogEvent) => void {
  const requestId = c.get("requestId");
  return (event) => deps.log?.({ ...event, requestId });
}
