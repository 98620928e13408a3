/**
 * The wait before a no-show (lib/no_show_wait.ts), through the real app: a
 * driver may mark a rider a no-show only after their reported position has
 * been within 100 m of the pickup for the tenant's wait (3 minutes unless
 * set). The location report that first gets there records the arrival on
 * the ride in KV; a no-show before the wait is over answers 409 saying how
 * long is left; the rider is texted once when marked, in their language,
 * unless ride texts are off or their number texted STOP.
 */
import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { recordOptOut } from "../../kv/sms_opt_outs.ts";
import type { Point } from "../../lib/geo.ts";
import type { Ride } from "../../lib/rides.ts";
import { liveStats } from "../../live/hub.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { delay, LiveClient, serve, waitFor } from "../helpers/live.ts";
import { CENTRE, INSIDE, move, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const RIDER_PHONE = "8645550142";
const MIN = 60_000;
/** About `m` meters north of the pickup (INSIDE, requestRide's). */
const north = (m: number): Point => ({ lat: INSIDE.lat + m / 111_195, lng: INSIDE.lng });

const NOT_THERE = "A no-show can be marked only after waiting at the pickup. Your location has not reached it yet.";

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function world() {
  const t = await makeApp();
  const w = await rideWorld(t);
  closing.push(async () => {
    await delay(50); // texts sent after an answer finish before the store closes
    t.kv.close();
  });
  const report = (location: Point, token = w.driver.token) =>
    t.request("/greer/api/users/location", put(token, { location }));
  /** A ride of the rider that the demo driver accepted and set off for. */
  const onTheWay = async () => {
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    for (const step of ["accepted", "on-the-way"]) {
      expect((await move(t, w.driver.token, ride.id, step)).status).toBe(200);
    }
    return ride.id as string;
  };
  const stored = async (id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;
  return { t, ...w, report, onTheWay, stored };
}

/** The ride texts sent to `phone`, in order (sign-in codes left out). */
const textsTo = (t: TestApp, phone: string) =>
  t.sms.sent.filter((m) => m.to === phone && m.body.startsWith("City of Greer: ")).map((m) => m.body);

const noShowText = (t: TestApp) =>
  textsTo(t, RIDER_PHONE).filter((text) => text.includes("no-show") || text.includes("no se presentó"));

describe("the wait at the pickup before a no-show", () => {
  it("refuses a no-show before the driver has reached the pickup, in the driver's language", async () => {
    const { t, driver, onTheWay, stored } = await world();
    const id = await onTheWay();
    // Accepted, on the way, no-show a second each: the rule that stops it.
    const res = await move(t, driver.token, id, "no-show");
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: NOT_THERE });
    const es = await t.request(`/greer/api/rides/${id}`, {
      ...put(driver.token, { status: "no-show" }),
      headers: { ...put(driver.token, {}).headers, "accept-language": "es" },
    });
    expect(es.status).toBe(409);
    expect((await es.json()).error).toBe(
      "Solo se puede marcar que el pasajero no se presentó después de esperar en la recogida. Su ubicación aún no ha llegado allí.",
    );
    // Nothing was counted against the rider.
    expect((await stored(id)).status).toBe("on-the-way");
    expect(await Array.fromAsync(t.kv.list({ prefix: keys.riderNoShows("greer", (await stored(id)).creatorId) })))
      .toEqual([]);
  });

  it("records the arrival from the first report within 100 m, and counts the wait from it", async () => {
    const { t, driver, rider, report, onTheWay, stored } = await world();
    const id = await onTheWay();
    // 150 m away is not at the pickup.
    expect((await report(north(150))).status).toBe(200);
    expect((await stored(id)).reachedPickupAt).toBeUndefined();
    t.clock.advance(30_000);
    const arrived = t.clock.now();
    expect((await report(north(60))).status).toBe(200);
    expect(await stored(id)).toMatchObject({ reachedPickupAt: arrived, noShowFrom: arrived + 3 * MIN });
    // The rider's slot holds the same copy, and the driver's list shows it.
    expect((await t.kv.get<Ride>(keys.riderActive("greer", rider.user.id))).value).toMatchObject({
      reachedPickupAt: arrived,
      noShowFrom: arrived + 3 * MIN,
    });
    const list: Ride[] = await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json();
    expect(list.find((r) => r.id === id)).toMatchObject({ noShowFrom: arrived + 3 * MIN });

    t.clock.advance(19_000);
    // Moving about at the pickup, or driving off and back, never restarts the wait.
    expect((await report(north(10))).status).toBe(200);
    expect((await report(north(900))).status).toBe(200);
    expect((await report(INSIDE)).status).toBe(200);
    expect(await stored(id)).toMatchObject({ reachedPickupAt: arrived, noShowFrom: arrived + 3 * MIN });

    const early = await move(t, driver.token, id, "no-show");
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: "Wait 2:41 more at the pickup before marking a no-show." });
    const es = await t.request(`/greer/api/rides/${id}`, {
      ...put(driver.token, { status: "no-show" }),
      headers: { ...put(driver.token, {}).headers, "accept-language": "es" },
    });
    expect((await es.json()).error).toBe(
      "Espere 2:41 más en la recogida antes de marcar que el pasajero no se presentó.",
    );
    t.clock.advance(160_500);
    expect(await (await move(t, driver.token, id, "no-show")).json()).toEqual({
      error: "Wait 0:01 more at the pickup before marking a no-show.",
    });
    t.clock.advance(500);
    const done = await move(t, driver.token, id, "no-show");
    expect(done.status).toBe(200);
    expect((await done.json()).ride).toMatchObject({ status: "no-show", noShowAt: arrived + 3 * MIN });
    expect((await stored(id)).status).toBe("no-show");
  });

  it("counts an arrival while the ride is only accepted, and one reported with going online", async () => {
    const { t, driver, driver2, rider, report, onTheWay, stored } = await world();
    const { ride } = await (await requestRide(t, rider.token)).json();
    await move(t, driver.token, ride.id, "accepted");
    const arrived = t.clock.now();
    const online = await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, location: INSIDE }),
    );
    expect(online.status).toBe(200);
    t.clock.advance(MIN);
    await move(t, driver.token, ride.id, "on-the-way");
    expect(await stored(ride.id)).toMatchObject({ status: "on-the-way", noShowFrom: arrived + 3 * MIN });
    t.clock.advance(2 * MIN);
    expect((await move(t, driver.token, ride.id, "no-show")).status).toBe(200);
    // Only the ride's own driver reaching it counts: another driver standing at the next pickup does not.
    await report(CENTRE);
    const next = await onTheWay();
    expect((await report(INSIDE, driver2.token)).status).toBe(200);
    expect((await stored(next)).reachedPickupAt).toBeUndefined();
    expect((await move(t, driver.token, next, "no-show")).status).toBe(409);
  });

  it("takes the tenant's wait as it was at the arrival", async () => {
    const { t, admin, driver, report, onTheWay, stored } = await world();
    const set = await t.request("/greer/api/admin/settings", put(admin.token, { noShow: { waitMinutes: 10 } }));
    expect(set.status).toBe(200);
    expect((await set.json()).settings.noShow.waitMinutes).toBe(10);
    const id = await onTheWay();
    const arrived = t.clock.now();
    await report(INSIDE);
    expect((await stored(id)).noShowFrom).toBe(arrived + 10 * MIN);
    // A shorter wait set now applies to later arrivals, not this one.
    await t.request("/greer/api/admin/settings", put(admin.token, { noShow: { waitMinutes: 1 } }));
    t.clock.advance(5 * MIN);
    const early = await move(t, driver.token, id, "no-show");
    expect(await early.json()).toEqual({ error: "Wait 5:00 more at the pickup before marking a no-show." });
    t.clock.advance(5 * MIN);
    expect((await move(t, driver.token, id, "no-show")).status).toBe(200);
  });

  it("keeps the first of two reports that reach the pickup at once", async () => {
    const { t, report, onTheWay, stored } = await world();
    const id = await onTheWay();
    const first = t.clock.now();
    const answers = await Promise.all([report(INSIDE), report(north(30)), report(north(50))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await stored(id)).toMatchObject({ reachedPickupAt: first, noShowFrom: first + 3 * MIN });
    t.clock.advance(MIN);
    await report(INSIDE);
    expect((await stored(id)).reachedPickupAt).toBe(first);
  });
});

describe("the rider's text when marked a no-show", () => {
  it("tells the rider once, with the minutes the driver waited", async () => {
    const { t, driver, report, onTheWay } = await world();
    await t.request("/api/users/profile", put(driver.token, { name: "Maria Lopez" }));
    const id = await onTheWay();
    await report(INSIDE);
    t.clock.advance(4 * MIN + 30_000);
    expect((await move(t, driver.token, id, "no-show")).status).toBe(200);
    await waitFor(() => noShowText(t).length === 1, "the no-show text");
    expect(noShowText(t)).toEqual([
      "City of Greer: Maria Lopez waited 4 min at the pickup and marked your ride a no-show.",
    ]);
    // A repeat of the move (a double tap) sends nothing more.
    expect((await move(t, driver.token, id, "no-show")).status).toBe(200);
    await delay(100);
    expect(noShowText(t)).toHaveLength(1);
    const record = (await t.kv.get<{ sent: string[] }>(keys.rideNotices("greer", id))).value;
    expect(record?.sent).toContain("no-show");
  });

  it("texts a Spanish-speaking rider in Spanish", async () => {
    const { t, rider, driver, report, onTheWay } = await world();
    await t.request("/api/users/profile", put(rider.token, { language: "es" }));
    const id = await onTheWay();
    await report(INSIDE);
    t.clock.advance(3 * MIN);
    expect((await move(t, driver.token, id, "no-show")).status).toBe(200);
    await waitFor(() => noShowText(t).length === 1, "the no-show text");
    expect(noShowText(t)).toEqual([
      "City of Greer: Su conductor esperó 3 min en la recogida y registró que usted no se presentó.",
    ]);
  });

  it("sends nothing with ride texts off, or to a number that texted STOP", async () => {
    for (const how of ["texts off", "STOP"]) {
      const { t, rider, driver, report, onTheWay } = await world();
      if (how === "STOP") await recordOptOut(t.kv, RIDER_PHONE, t.clock.now());
      else await t.request("/api/users/profile", put(rider.token, { rideTexts: false }));
      const id = await onTheWay();
      await report(INSIDE);
      t.clock.advance(3 * MIN);
      expect((await move(t, driver.token, id, "no-show")).status).toBe(200);
      await waitFor(
        () => t.log.events.some((e) => e.event === "rider.texts_off" && (e.kinds as string[]).includes("no-show")),
        "the skipped text",
      );
      await delay(50);
      expect(noShowText(t), how).toEqual([]);
    }
  });
});

describe("the arrival on the driver's socket", () => {
  it("reaches the driver's screen live, with the time the no-show opens", async () => {
    const { t, driver, report, onTheWay } = await world();
    const server = serve(t.app);
    const socket = new LiveClient(server.ws(`/greer/ws/drivers?token=${encodeURIComponent(driver.token)}`));
    closing.push(async () => {
      await socket.close();
      await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
      await server.stop();
    });
    expect(await socket.opened).toBe(true);
    const id = await onTheWay();
    const arrived = t.clock.now();
    await report(INSIDE);
    await waitFor(
      () => socket.messages.some((m) => (m as { ride?: Ride }).ride?.noShowFrom === arrived + 3 * MIN),
      "the ride with its arrival",
    );
    const message = socket.messages.findLast((m) => (m as { ride?: Ride }).ride?.id === id) as {
      type: string;
      ride: Ride;
    };
    expect(message).toMatchObject({ type: "update", ride: { status: "on-the-way", reachedPickupAt: arrived } });
  });
});
