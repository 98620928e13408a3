/** The one typed context (docs/conventions.md, "HTTP"): what the app's middleware puts on `c`. */
import type { Travel } from "../domain/dispatch/travel.ts";
import type { Store } from "../kv/store.ts";
import type { Clock } from "../lib/clock.ts";
import type { Lang } from "../lib/i18n/lang.ts";
import type { Config } from "../lib/config.ts";
import type { ErrorReporter } from "../lib/error_reporter.ts";
import type { Logger } from "../lib/log.ts";
import type { Metrics } from "../lib/metrics.ts";
import type { Session } from "../kv/sessions.ts";
import type { User } from "../kv/users.ts";
import type { Role, TenantRole } from "../lib/roles.ts";
import type { Tenant } from "../lib/schemas.ts";
import type { SmsSender } from "../lib/sms.ts";
import type { PushSender } from "../lib/web_push.ts";
import type { EtaSource } from "../lib/routing.ts";
import type { Assets } from "./assets.ts";
import type { TwilioForm } from "./middleware/twilio_webhook.ts";

export interface AppDeps {
  kv: Store;
  sms: SmsSender;
  clock: Clock;
  config: Config;
  /** Static files and the island manifest; loaded from ./static when omitted. */
  assets?: Assets;
  log?: Logger;
  /** This process's counters; createApp makes one when omitted. */
  metrics?: Metrics;
  /**
   * The origins the map style needs (server/map_origins.ts, read at start-up), named in the CSP; when omitted,
   * the style's own origin.
   */
  mapOrigins?: string[];
  /** Where unhandled errors are reported (Sentry when SENTRY_DSN is set); nothing when omitted. */
  reporter?: ErrorReporter;
  /** Web push (lib/web_push.ts): made from the VAPID keys when omitted; null turns it off. */
  push?: PushSender | null;
  /** Arrival times: ROUTING_URL's service, else the estimate; createApp makes it when omitted. */
  eta?: EtaSource;
  /** Automatic dispatch's travel times: ROUTING_URL's /table, else the estimate; createApp makes it when omitted. */
  travel?: Travel;
  /**
   * This isolate's short random id when the process runs several (serve.ts under `deno serve --parallel`):
   * GET /healthz names it, so a client can tell which isolate its connection reached. None alone (main.ts).
   */
  isolate?: string;
}

export interface Env {
  Variables: {
    requestId: string;
    /** Set by the language middleware on every request: the language of pages and error texts. */
    lang: Lang;
    /** Set by the tenant middleware on every route under /{tenant}. */
    tenant: Tenant;
    /** Set by requireAuth: the signed-in user and their live session. */
    user: User;
    session: Session;
    /** Set by requireAuth under /{tenant}: the membership's roles, read with the session (no "super"). */
    memberRoles: TenantRole[];
    /** Set by requireAuth under /{tenant} when the caller is blocked there. */
    blocked: boolean;
    /** Set by twilioWebhook on POST /api/sms/inbound: the signed form Twilio posted. */
    twilioForm: TwilioForm;
    /** Set by tenantRoles: the user's roles in the path's tenant ("super" included for super admins). */
    roles: Role[];
  };
  /** Deno.serve's connection info, passed by main.ts as app.fetch(req, info). */
  Bindings: { remoteAddr?: { hostname: string } };
}

/** True for machine paths that answer JSON, never pages: /api/..., /{tenant}/api/... and /{tenant}/ws/... */
export function isApiPath(path: string): boolean {
  return /^\/(?:[^/]+\/)?(?:api|ws)(?:\/|$)/.test(path);
}
