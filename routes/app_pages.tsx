/** The signed-in pages under a tenant: rider, driver, profile, admin. */
import { Hono } from "hono";
import type { AppDeps, Env } from "./env.ts";
import type { PageServer } from "./html.ts";

export function appPages(_deps: AppDeps, _page: PageServer) {
  return new Hono<Env>();
}
