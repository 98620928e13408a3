/**
 * Every call that reads a JSON body refuses one past its limit with 413 and
 * JSON `{error}` before it is read whole (the role grant
 * had none). The table must name every POST and PUT route of the access
 * matrix, so a new route without a limit fails here.
 */
import { STANDING_BODY_MAX } from "../../routes/api/standing_rides.ts";
import { describe, expect, it } from "vitest";
import { INQUIRY_MAX_BYTES } from "../../routes/api/inquiries.ts";
import { SMS_INBOUND_MAX_BYTES } from "../../routes/api/sms_inbound.ts";
import { ACCESS_MATRIX, routeKey } from "../access_matrix.ts";
import { accessWorld, TENANT_A } from "../helpers/access_world.ts";
import { bearer } from "../helpers/app.ts";
import { BOOKING_MAX_BYTES } from "../../routes/api/dispatch_bookings.ts";

type World = Awaited<ReturnType<typeof accessWorld>>;

/** Route → [its path for tenant A, the largest body it takes]. */
const JSON_CALLS: Record<string, ((w: World) => string) | null> = {
  "POST /api/inquiries": () => "/api/inquiries",
  "POST /api/auth/login": () => "/api/auth/login",
  "POST /api/auth/verify": () => "/api/auth/verify",
  "PUT /api/users/profile": () => "/api/users/profile",
  "POST /api/users/me/push": () => "/api/users/me/push",
  "POST /:tenant/api/user/:id/roles": (w) => `/${TENANT_A}/api/user/${w.people[TENANT_A].subject.id}/roles`,
  "POST /:tenant/api/rides": () => `/${TENANT_A}/api/rides`,
  "PUT /:tenant/api/rides/:id": (w) => `/${TENANT_A}/api/rides/${w.people[TENANT_A].rideId}`,
  // The body limit applies before the ride is looked up (the ride's rating).
  "POST /:tenant/api/rides/:id/feedback": (w) => `/${TENANT_A}/api/rides/${w.people[TENANT_A].rideId}/feedback`,
  "PUT /:tenant/api/admin/schedule": () => `/${TENANT_A}/api/admin/schedule`,
  "POST /:tenant/api/rides/recurring": () => `/${TENANT_A}/api/rides/recurring`,
  // An id of the right form: the body limit applies before the standing ride is looked up.
  "PUT /:tenant/api/rides/recurring/:id": () => `/${TENANT_A}/api/rides/recurring/01ARZ3NDEKTSV4RRFFQ69G5FAV`,
  "PUT /:tenant/api/drivers/availability": () => `/${TENANT_A}/api/drivers/availability`,
  "PUT /:tenant/api/users/location": () => `/${TENANT_A}/api/users/location`,
  "POST /:tenant/api/admin/places": () => `/${TENANT_A}/api/admin/places`,
  "PUT /:tenant/api/admin/settings": () => `/${TENANT_A}/api/admin/settings`,
  "POST /:tenant/api/users": () => `/${TENANT_A}/api/users`,
  "PUT /:tenant/api/users/:id/blocked": (w) => `/${TENANT_A}/api/users/${w.people[TENANT_A].subject.id}/blocked`,
  "POST /api/super/tenants": () => "/api/super/tenants",
  "PUT /api/super/tenants/:code": () => `/api/super/tenants/${TENANT_A}`,
  // An id of the right form: the body limit applies before the inquiry is looked up.
  "PUT /api/super/inquiries/:id": () => "/api/super/inquiries/01ARZ3NDEKTSV4RRFFQ69G5FAV",
  // An id of the right form: the body limit applies before the place is looked up.
  "PUT /:tenant/api/admin/places/:id": () => `/${TENANT_A}/api/admin/places/01ARZ3NDEKTSV4RRFFQ69G5FAV`,
  "POST /:tenant/api/admin/vehicles": () => `/${TENANT_A}/api/admin/vehicles`,
  "PUT /:tenant/api/admin/vehicles/:id": () => `/${TENANT_A}/api/admin/vehicles/01ARZ3NDEKTSV4RRFFQ69G5FAV`,
  // The body limit applies before the ride is looked up.
  "POST /:tenant/api/dispatch/rides/:id/assign": (w) =>
    `/${TENANT_A}/api/dispatch/rides/${w.people[TENANT_A].rideId}/assign`,
  "PUT /:tenant/api/dispatch/rides/:id/pin": (w) => `/${TENANT_A}/api/dispatch/rides/${w.people[TENANT_A].rideId}/pin`,
  "POST /:tenant/api/dispatch/rides/:id/cancel": (w) =>
    `/${TENANT_A}/api/dispatch/rides/${w.people[TENANT_A].rideId}/cancel`,
  // Any well-formed id: the body's size is refused before the conversation is looked up.
  "POST /:tenant/api/dispatch/conversations/:id/reply": () =>
    `/${TENANT_A}/api/dispatch/conversations/01JAAAAAAAAAAAAAAAAAAAAAAA/reply`,
  "POST /:tenant/api/dispatch/bookings": () => `/${TENANT_A}/api/dispatch/bookings`,
  // A form, not JSON (Twilio's webhook): its limit holds whatever the type, before the signature is checked.
  "POST /api/sms/inbound": () => "/api/sms/inbound",
  // No JSON body: nothing is read.
  "POST /api/auth/logout": null,
  "POST /:tenant/api/ws-ticket": null,
  // Multipart, with its own limit (tests/api/photos.test.ts).
  "POST /api/users/profile/image-upload": null,
  // Multipart, with its own limit of 1 MB and the part headers' allowance (tests/api/tenant_logo.test.ts).
  "POST /:tenant/api/admin/settings/logo": null,
};

const LIMITS: Record<string, number> = {
  "POST /api/inquiries": INQUIRY_MAX_BYTES,
  "POST /api/sms/inbound": SMS_INBOUND_MAX_BYTES,
  "PUT /:tenant/api/admin/schedule": 16 * 1024,
  "POST /:tenant/api/rides/recurring": STANDING_BODY_MAX,
  "PUT /:tenant/api/rides/recurring/:id": STANDING_BODY_MAX,
  "PUT /:tenant/api/drivers/availability": 2048,
  "PUT /:tenant/api/users/location": 2048,
  "POST /:tenant/api/admin/places": 2048,
  "PUT /:tenant/api/admin/places/:id": 2048,
  "POST /:tenant/api/admin/vehicles": 1024,
  "PUT /:tenant/api/admin/vehicles/:id": 1024,
  "POST /:tenant/api/dispatch/rides/:id/assign": 1024,
  "PUT /:tenant/api/dispatch/rides/:id/pin": 1024,
  "POST /:tenant/api/dispatch/rides/:id/cancel": 1024,
  "POST /:tenant/api/dispatch/conversations/:id/reply": 1024,
  "POST /:tenant/api/dispatch/bookings": BOOKING_MAX_BYTES,
};

/** Valid JSON of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => `{"pad":"${"x".repeat(bytes - 10)}"}`;

describe("JSON body limits", () => {
  it("the table names every POST and PUT route", () => {
    const writes = ACCESS_MATRIX.filter((r) => r.method === "POST" || r.method === "PUT").map(routeKey);
    expect(Object.keys(JSON_CALLS).sort()).toEqual([...new Set(writes)].sort());
  });

  it("each refuses one byte past its limit with 413 and JSON, and takes a body at the limit", async () => {
    using w = await accessWorld();
    const boss = w.callers.super!;
    for (const [route, path] of Object.entries(JSON_CALLS)) {
      if (!path) continue;
      const limit = LIMITS[route] ?? 4096;
      const method = route.split(" ")[0];
      const send = (bytes: number) =>
        w.t.request(
          path(w),
          bearer(boss.token, { method, headers: { "content-type": "application/json" }, body: bodyOf(bytes) }),
          w.address(),
        );
      const over = await send(limit + 1);
      expect([route, over.status]).toEqual([route, 413]);
      expect(await over.json()).toEqual({ error: expect.stringMatching(/too large/) });
      const at = await send(limit);
      expect([route, at.status]).not.toEqual([route, 413]);
    }
  });

  it("DELETE /api/users/me (a body with the phone's last four digits) refuses one byte past 4 KiB", async () => {
    using w = await accessWorld();
    const rider = w.callers.rider!;
    const send = (bytes: number) =>
      w.t.request(
        "/api/users/me",
        bearer(rider.token, { method: "DELETE", headers: { "content-type": "application/json" }, body: bodyOf(bytes) }),
        w.address(),
      );
    const over = await send(4097);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: expect.stringMatching(/too large/) });
    // At the limit the body is read: it names no digits, so nothing is deleted.
    expect((await send(4096)).status).toBe(400);
    expect((await w.t.request("/api/users/profile", bearer(rider.token))).status).toBe(200);
  });

  it("DELETE /api/users/me/push (a body with a device's endpoint) refuses one byte past 4 KiB", async () => {
    using w = await accessWorld();
    const rider = w.callers.rider!;
    const send = (bytes: number) =>
      w.t.request(
        "/api/users/me/push",
        bearer(rider.token, { method: "DELETE", headers: { "content-type": "application/json" }, body: bodyOf(bytes) }),
        w.address(),
      );
    const over = await send(4097);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: expect.stringMatching(/too large/) });
    expect((await send(4096)).status).toBe(400);
  });
});
