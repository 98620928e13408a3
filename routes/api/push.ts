/**
 * Ride alerts on a device (web push):
 * - GET /api/push/key: the VAPID public key browsers subscribe with → { publicKey }; 404 when push is off.
 * - POST /api/users/me/push, the browser's PushSubscription JSON as it is → 201 { devices }: the device is kept
 *   (a sixth replaces the oldest, kv/push_devices.ts).
 * - DELETE /api/users/me/push, body { endpoint } → 204; 404 for a device not on the account.
 */
import { Hono } from "hono";
import { refuse } from "../../domain/refusal.ts";
import { addPushDevice, removePushDevice } from "../../kv/push_devices.ts";
import { acceptsLoopbackPush } from "../../lib/config.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { allowedEndpoint } from "../../lib/push.ts";
import { PUSH_ENDPOINT_TEXT, pushEndpointSchema, pushSubscriptionSchema } from "../../lib/push_schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { requireAuth } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

export const PUSH_OFF_TEXT: Text = "Ride alerts on devices are not available on this service.";

export function pushKeyApi(deps: AppDeps) {
  return new Hono<Env>().get("/key", (c) => {
    if (!deps.push) return refusalAnswer(c, refuse(404, PUSH_OFF_TEXT));
    return c.json({ publicKey: deps.push.publicKey });
  });
}

export function pushDevicesApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const loopback = acceptsLoopbackPush(deps.config);
  return new Hono<Env>()
    .use(requireAuth(deps, auth))
    .post("/", smallBody(), jsonBody(pushSubscriptionSchema), async (c) => {
      if (!deps.push) return refusalAnswer(c, refuse(404, PUSH_OFF_TEXT));
      const subscription = c.req.valid("json");
      if (!allowedEndpoint(subscription.endpoint, loopback)) return refusalAnswer(c, refuse(400, PUSH_ENDPOINT_TEXT));
      const { devices } = await addPushDevice(kv, c.get("user").id, subscription, clock.now());
      return c.json({ devices }, 201);
    })
    .delete("/", smallBody(), jsonBody(pushEndpointSchema), async (c) => {
      const removed = await removePushDevice(kv, c.get("user").id, c.req.valid("json").endpoint);
      if (!removed) return refusalAnswer(c, refuse(404, "Device not found"));
      return c.body(null, 204);
    });
}
