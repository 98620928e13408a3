/** The sign-in pages: /login and /{tenant}/login. */
import { Hono } from "hono";
import type { AppDeps, Env } from "./env.ts";
import type { PageServer } from "./html.ts";
import { LoginPage } from "./pages/login.tsx";
import { pageKey, siteFor } from "./site.tsx";

export function loginPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  app.get("/login", (c) => {
    const site = siteFor(c, deps);
    const title = `Sign in · ${site.tenant?.name ?? "Hopper"}`;
    return page(c, { key: pageKey(c.req.path, site), meta: { title } }, () => <LoginPage site={site} />);
  });
  return app;
}
