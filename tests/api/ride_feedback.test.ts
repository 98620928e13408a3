import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { move, post, put, requestRide, rideWorld, type TestApp, waitAtPickup } from "../helpers/rides.ts";

type World = Awaited<ReturnType<typeof rideWorld>>;
const DAY = 24 * 60 * 60 * 1000;

async function rideTo(t: TestApp, w: World, steps: string[], driver = w.driver.token, rider = w.rider.token) {
  const res = await requestRide(t, rider);
  expect(res.status).toBe(201);
  const { ride } = await res.json();
  for (const step of steps) {
    // A no-show follows the wait at the pickup (lib/no_show_wait.ts).
    if (step === "no-show") await waitAtPickup(t, driver);
    expect((await move(t, step === "canceled" ? rider : driver, ride.id, step)).status).toBe(200);
  }
  return ride.id as string;
}
const COMPLETE = ["accepted", "on-the-way", "arrived", "completed"];

function rate(t: TestApp, token: string, id: string, body: unknown) {
  return t.request(`/greer/api/rides/${id}/feedback`, post(token, body));
}

async function history(t: TestApp, token: string, cursor?: string) {
  const res = await t.request(
    `/greer/api/rides/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    bearer(token),
  );
  expect(res.status).toBe(200);
  return { rides: await res.json() as Ride[], next: res.headers.get("x-next-cursor") };
}

describe("rating a ride", () => {
  it("lets the rider rate a completed ride once: 201, stored on the ride, counted for the driver", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const id = await rideTo(t, w, COMPLETE);
    t.clock.advance(60_000);
    const res = await rate(t, w.rider.token, id, { rating: 4, comment: "  Kind driver, smooth ride.  " });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride.feedback).toEqual({ rating: 4, comment: "Kind driver, smooth ride.", at: t.clock.now() });
    expect((await t.kv.get<Ride>(keys.ride("greer", id))).value?.feedback?.rating).toBe(4);

    const again = await rate(t, w.rider.token, id, { rating: 5 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "This ride has already been rated" });

    const second = await rideTo(t, w, COMPLETE);
    expect((await rate(t, w.rider.token, second, { rating: 5 })).status).toBe(201);
    const { users } = await (await t.request("/greer/api/users", bearer(w.admin.token))).json();
    const driver = users.find((u: { id: string }) => u.id === w.driver.user.id);
    expect(driver.rating).toEqual({ average: 4.5, count: 2 });
    expect(users.find((u: { id: string }) => u.id === w.driver2.user.id).rating).toBeUndefined();
    // Admin trips show the rating.
    const trips = await (await t.request("/greer/api/admin/rides", bearer(w.admin.token))).json();
    const trip = trips.find((x: { id: string }) => x.id === id);
    expect(trip.feedback).toEqual({ rating: 4, comment: "Kind driver, smooth ride." });
  });

  it("answers 404 to anyone but the ride's rider, the driver and admin included", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const id = await rideTo(t, w, COMPLETE);
    for (const token of [w.rider2.token, w.driver.token, w.admin.token]) {
      const res = await rate(t, token, id, { rating: 5 });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Ride not found" });
    }
    expect((await rate(t, w.rider.token, "01JAAAAAAAAAAAAAAAAAAAAAAA", { rating: 5 })).status).toBe(404);
    expect((await t.kv.get<Ride>(keys.ride("greer", id))).value?.feedback).toBeUndefined();
  });

  it("refuses a ride that is not completed with 409", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const active = await rideTo(t, w, ["accepted"]);
    let res = await rate(t, w.rider.token, active, { rating: 5 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Only a completed ride can be rated" });
    await move(t, w.rider.token, active, "canceled");
    res = await rate(t, w.rider.token, active, { rating: 5 });
    expect(res.status).toBe(409);
    const noShow = await rideTo(t, w, ["accepted", "on-the-way", "no-show"]);
    expect((await rate(t, w.rider.token, noShow, { rating: 1 })).status).toBe(409);
  });

  it("takes a rating for 7 days after completion, then 409", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const early = await rideTo(t, w, COMPLETE);
    const late = await rideTo(t, w, COMPLETE);
    t.clock.advance(7 * DAY);
    expect((await rate(t, w.rider.token, early, { rating: 3 })).status).toBe(201);
    t.clock.advance(1);
    const res = await rate(t, w.rider.token, late, { rating: 3 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Rides can be rated for 7 days after they end" });
  });

  it("refuses a bad rating or comment with 400 and stores nothing", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const id = await rideTo(t, w, COMPLETE);
    const cases: [unknown, string][] = [
      [{}, "Rating must be a whole number from 1 to 5"],
      [{ rating: 0 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: 6 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: 4.5 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: "5" }, "Rating must be a whole number from 1 to 5"],
      [{ rating: 5, comment: "x".repeat(501) }, "Comment must be at most 500 characters"],
      [{ rating: 5, comment: 7 }, "Comment must be at most 500 characters"],
      [{ rating: 5, comment: "nice\u202Eevil" }, "Comment contains characters that are not allowed"],
      [{ rating: 5, comment: "ring\u0007" }, "Comment contains characters that are not allowed"],
    ];
    for (const [body, error] of cases) {
      const res = await rate(t, w.rider.token, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect((await t.kv.get<Ride>(keys.ride("greer", id))).value?.feedback).toBeUndefined();
    // 500 characters exactly is fine; Spanish readers get Spanish refusals.
    const es = await t.request(`/greer/api/rides/${id}/feedback`, {
      ...post(w.rider.token, { rating: 9 }),
      headers: { ...post(w.rider.token, {}).headers, "accept-language": "es" },
    });
    expect(await es.json()).toEqual({ error: "La calificación debe ser un número entero de 1 a 5" });
    expect((await rate(t, w.rider.token, id, { rating: 5, comment: "y".repeat(500) })).status).toBe(201);
  });

  it("lets only one of two ratings at once land", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const id = await rideTo(t, w, COMPLETE);
    const both = await Promise.all([
      rate(t, w.rider.token, id, { rating: 1 }),
      rate(t, w.rider.token, id, { rating: 5 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const { users } = await (await t.request("/greer/api/users", bearer(w.admin.token))).json();
    expect(users.find((u: { id: string }) => u.id === w.driver.user.id).rating.count).toBe(1);
  });
});

describe("ride history", () => {
  it("answers the rider's finished rides, newest first, 20 a page with X-Next-Cursor", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    // Seven no-shows below would pause the rider; this test is about the list.
    await t.request("/greer/api/admin/settings", put(w.admin.token, { noShow: { warnAt: 20, suspendAt: 20 } }));
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      made.push(
        await rideTo(t, w, i % 3 === 0 ? ["canceled"] : i % 3 === 1 ? COMPLETE : ["accepted", "on-the-way", "no-show"]),
      );
      t.clock.advance(1000);
    }
    // Another rider's ride and the rider's active ride are not history.
    await rideTo(t, w, COMPLETE, w.driver.token, w.rider2.token);
    await rideTo(t, w, []);
    const first = await history(t, w.rider.token);
    expect(first.rides.map((r) => r.id)).toEqual(made.slice().reverse().slice(0, 20));
    expect(first.rides.map((r) => r.status).slice(0, 3)).toEqual(["completed", "canceled", "no-show"]);
    expect(first.next).toBeTruthy();
    const second = await history(t, w.rider.token, first.next!);
    expect(second.rides.map((r) => r.id)).toEqual(made.slice(0, 3).reverse());
    expect(second.next).toBeNull();
    expect((await history(t, w.rider2.token)).rides).toHaveLength(1);
  });

  it("has no next page when the rider has exactly 20, and refuses a bad cursor", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    for (let i = 0; i < 20; i++) await rideTo(t, w, ["canceled"]);
    const page = await history(t, w.rider.token);
    expect(page.rides).toHaveLength(20);
    expect(page.next).toBeNull();
    const res = await t.request("/greer/api/rides/history?cursor=%21%21", bearer(w.rider.token));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid cursor" });
  });
});
