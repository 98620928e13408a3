import { Hono } from "hono";
import { getSchedule } from "../../kv/tenants.ts";
import type { AppDeps, Env } from "../env.ts";

/** GET /{tenant}/api/schedule → { schedule }: public, like a timetable at a stop. */
export function scheduleApi({ kv }: AppDeps) {
  return new Hono<Env>().get("/", async (c) => c.json({ schedule: await getSchedule(kv, c.get("tenant").code) }));
}
