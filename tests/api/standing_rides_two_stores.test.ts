/**
 * A standing ride's date is booked once even when two processes sweep at once:
 * two stores open on one database file (as two isolates of `deno serve
 * --parallel` do, their commits gated as in production) run the sweep of
 * domain/bookings/standing_sweep.ts together, again and again. The booking's
 * commit claims the date, so one wins and the other makes nothing, and the
 * rider's texts about a skipped date go out once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bookStandingRides } from "../../domain/bookings/standing_sweep.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { openStore } from "../../kv/open.ts";
import type { Store } from "../../kv/store.ts";
import { loadConfig } from "../../lib/config.ts";
import type { Ride } from "../../lib/rides.ts";
import { createApp } from "../../server/app.tsx";
import { noticeDeps } from "../../server/rider_updates.ts";
import { FakeClock } from "../helpers/fake_clock.ts";
import { memoryLogger } from "../helpers/memory_log.ts";
import { recordingSender } from "../helpers/recording_sms.ts";
import { postJson, sentCode } from "../helpers/app.ts";
import { INSIDE, INSIDE_2, post, put } from "../helpers/rides.ts";

const open: Store[] = [];
let dir = "";
afterEach(async () => {
  for (const kv of open.splice(0)) kv.close();
  if (dir) await Deno.remove(dir, { recursive: true });
  dir = "";
});

function appOn(kv: Store, clock: FakeClock) {
  const sms = recordingSender();
  const log = memoryLogger();
  const config = loadConfig({
    CONTACT_EMAIL: "hello@hopper.test",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    MAP_STYLE_URL: "offline",
  });
  const app = createApp({ kv, sms, clock, config, log });
  const request = (path: string, init?: RequestInit) =>
    app.request(path, init, { remoteAddr: { hostname: "203.0.113.7" } });
  return { app, kv, clock, sms, log, config, request };
}

/** Signs in through the app's API: the token and the user. */
async function signInOn(t: ReturnType<typeof appOn>, phone: string): Promise<{ token: string; user: { id: string } }> {
  const { challenge } = await (await t.request("/api/auth/login", postJson({ phoneNumber: phone }))).json();
  const code = sentCode(t as never, phone);
  const res = await t.request(
    "/api/auth/verify",
    postJson({ phoneNumber: phone, code, challenge, tenantCode: "greer" }),
  );
  return await res.json();
}

describe("standing rides swept by two processes at once", () => {
  it("makes one booking per date and one text per skipped date", async () => {
    dir = await Deno.makeTempDir();
    const path = `${dir}/hopper.db`;
    const clock = new FakeClock();
    const kvA = await openStore(path, { sharedByIsolates: true });
    const kvB = await openStore(path, { sharedByIsolates: true });
    open.push(kvA, kvB);
    await seedDemoTenant(kvA, clock.now());
    const a = appOn(kvA, clock);
    const b = appOn(kvB, clock);

    // The rider signs in and sets up a weekday ride; Wednesday 7 January is closed.
    const { token, user } = await signInOn(a, "8645550142");
    const admin = (await signInOn(a, DEMO_ADMIN_PHONE)).token;
    const { schedule } = await (await a.request("/greer/api/schedule")).json();
    await a.request("/greer/api/admin/schedule", put(admin, { schedule, closedDates: ["2026-01-07"] }));
    const made = await a.request(
      "/greer/api/rides/recurring",
      post(token, {
        pickup: INSIDE,
        dropoff: INSIDE_2,
        passengerCt: 1,
        weekdays: [2, 3, 4],
        time: "12:00",
        startDate: "2026-01-05",
      }),
    );
    expect(made.status).toBe(201);

    for (let i = 0; i < 5; i++) {
      await Promise.all([bookStandingRides(noticeDeps(a)), bookStandingRides(noticeDeps(b))]);
    }

    const rides: Ride[] = [];
    for await (const e of kvB.list<Ride>({ prefix: keys.rides("greer") })) rides.push(e.value);
    const dates = rides.filter((r) => r.creatorId === user.id).map((r) => new Date(r.scheduledFor!).toISOString());
    // Tuesday 6 and Thursday 8 January at noon in Greer (17:00 UTC); the rider holds at most 3 bookings.
    expect(dates.sort()).toEqual(["2026-01-06T17:00:00.000Z", "2026-01-08T17:00:00.000Z"]);
    const texts = [...a.sms.sent, ...b.sms.sent].filter((m) => m.body.includes("standing ride"));
    expect(texts.map((m) => m.body)).toEqual([
      "City of Greer: no shuttle runs on Wednesday, January 7, so your standing ride that day is skipped.",
    ]);
  }, 60_000);
});
