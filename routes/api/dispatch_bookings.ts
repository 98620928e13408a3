/**
 * A dispatcher books a ride for a person by phone (dispatchers, admins and super admins; the rules:
 * domain/dispatch/book.ts):
 *
 * - POST /dispatch/bookings {phoneNumber, name?, pickup | pickupPlaceId, dropoff | dropoffPlaceId, destination?,
 *   passengerCt, needs?, note?, scheduledFor? | arriveBy?} → 201 {ride, rider: {id, phoneNumber, name}, newPerson}: the ride
 *   as the person's own request would make it, and the texts they would get.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { bookForRider } from "../../domain/dispatch/book.ts";
import { rideMoved } from "../../domain/rides/tell_rider.ts";
import { PHONE_ERROR } from "../../lib/phone.ts";
import { personNameSchema } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { requestLog } from "../../server/request_log.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { rideEventLogger } from "./rides.ts";

/** The ride's fields as the rider's request takes them (read by its rules), with the person's number and name. */
const bookingBody = z.object({
  phoneNumber: z.string({ error: PHONE_ERROR }),
  name: z.optional(z.nullable(personNameSchema)),
  pickup: z.optional(z.unknown()),
  dropoff: z.optional(z.unknown()),
  destination: z.optional(z.unknown()),
  passengerCt: z.optional(z.unknown()),
  pickupPlaceId: z.optional(z.unknown()),
  dropoffPlaceId: z.optional(z.unknown()),
  scheduledFor: z.optional(z.unknown()),
  arriveBy: z.optional(z.unknown()),
  needs: z.optional(z.unknown()),
  note: z.optional(z.unknown()),
});

/** The request's body limit: the rider's request's fields and a number and a name. */
export const BOOKING_MAX_BYTES = 4096;

export function dispatchBookingsApi(deps: AppDeps, auth: AuthServices) {
  const app = new Hono<Env>();
  const { dispatcher } = roleGuards(deps, auth);
  const notices = noticeDeps(deps);
  const rideEvent = rideEventLogger(deps);

  app.post("/dispatch/bookings", ...dispatcher, smallBody(BOOKING_MAX_BYTES), jsonBody(bookingBody), async (c) => {
    const { phoneNumber, name, ...request } = c.req.valid("json");
    const tenant = c.get("tenant");
    const booked = await bookForRider({ ...deps, numberKey: auth.numberKey }, {
      tenant,
      by: c.get("user").id,
      phoneNumber,
      name: name ?? null,
      request,
    });
    if (booked.refused) return refusalAnswer(c, booked);
    const { ride, rider, newPerson } = booked.value;
    rideEvent(c, "ride.requested", ride, null, ride.status);
    requestLog(deps, c)({ event: "ride.booked", tenant: tenant.code, rideId: ride.id, userId: rider.id, newPerson });
    // Planned at once (automatic dispatch): the rider hears who is coming, as after their own request.
    if (ride.status === "accepted") void rideMoved(notices, tenant, ride);
    return c.json({ ride, rider: { id: rider.id, phoneNumber: rider.phoneNumber, name: rider.name }, newPerson }, 201);
  });

  return app;
}
