/** The live sockets under a tenant: /{tenant}/ws/riders and /{tenant}/ws/drivers. */
import { Hono } from "hono";
import type { AuthServices } from "./auth_services.ts";
import type { AppDeps, Env } from "./env.ts";

export function liveRoutes(_deps: AppDeps, _auth: AuthServices) {
  return new Hono<Env>();
}
