/**
 * How long each notice is worth delivering and how soon a phone should wake for it (RFC 8030's TTL and Urgency).
 * A "here" notice older than two minutes is no use: the rider has looked out of the window or the driver has left.
 */
import type { Delivery } from "./push.ts";
import type { NoticeKind } from "./rider_notices.ts";

const MINUTE = 60;

export const NOTICE_DELIVERY: Record<NoticeKind, Delivery> = {
  here: { ttlSeconds: 2 * MINUTE, urgency: "high" },
  near: { ttlSeconds: 5 * MINUTE, urgency: "high" },
  "on-the-way": { ttlSeconds: 10 * MINUTE, urgency: "high" },
  late: { ttlSeconds: 10 * MINUTE, urgency: "high" },
  accepted: { ttlSeconds: 30 * MINUTE, urgency: "normal" },
  "no-show": { ttlSeconds: 60 * MINUTE, urgency: "normal" },
  "moved-vehicle": { ttlSeconds: 30 * MINUTE, urgency: "high" },
  "driver-left": { ttlSeconds: 30 * MINUTE, urgency: "high" },
  "dispatcher-canceled": { ttlSeconds: 60 * MINUTE, urgency: "normal" },
  "handed-over": { ttlSeconds: 30 * MINUTE, urgency: "normal" },
  unplaced: { ttlSeconds: 30 * MINUTE, urgency: "normal" },
  suspended: { ttlSeconds: 60 * MINUTE, urgency: "normal" },
  "service-paused": { ttlSeconds: 60 * MINUTE, urgency: "normal" },
  "rider-paused": { ttlSeconds: 60 * MINUTE, urgency: "normal" },
};

/** A driver's new ride (drivers mode) or a change of their run (automatic): worth a few minutes, at once. */
export const DRIVER_DELIVERY: Delivery = { ttlSeconds: 5 * MINUTE, urgency: "high" };
