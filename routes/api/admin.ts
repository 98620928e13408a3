/** Admin-only tenant calls: the weekly schedule and user deletion (mounted at /{tenant}/api). */
import { Hono } from "hono";
import type { AuthServices } from "../auth_services.ts";
import type { AppDeps, Env } from "../env.ts";

export function adminApi(_deps: AppDeps, _auth: AuthServices) {
  return new Hono<Env>();
}
