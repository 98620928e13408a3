/** The sign-in pages: /login and /{tenant}/login. */
import { Hono } from "hono";
import type { AppDeps, Env } from "./env.ts";
import type { PageServer } from "./html.ts";

export function loginPages(_deps: AppDeps, _page: PageServer) {
  return new Hono<Env>();
}
