/** The admin console pages under a tenant: admin/trips, admin/users, admin/schedule. */
import { Hono } from "hono";
import type { AppDeps, Env } from "./env.ts";
import type { PageServer } from "./html.ts";

export function adminPages(_deps: AppDeps, _page: PageServer) {
  return new Hono<Env>();
}
