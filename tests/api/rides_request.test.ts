import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { migrateStore } from "../../kv/migrations.ts";
import { estimateMinutes } from "../../lib/eta.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { CENTRE, INSIDE, INSIDE_2, OUTSIDE, post, put, requestRide, rideWorld } from "../helpers/rides.ts";

const OUTSIDE_TEXT =
  "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.";

/** A point `meters` north of the centre. */
function north(meters: number) {
  return { lat: CENTRE.lat + meters / (6_371_008.8 * Math.PI / 180), lng: CENTRE.lng };
}

describe("POST /{tenant}/api/rides", () => {
  it("creates a pending ride with the rider's details and answers 201", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    await t.request("/api/users/profile", put(rider.token, { name: "Ada Lovelace" }));
    const res = await requestRide(t, rider.token, { destination: "  Greer Library ", passengerCt: 3 });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride).toMatchObject({
      creatorId: rider.user.id,
      assignedDriverId: null,
      status: "pending",
      pickup: INSIDE,
      dropoff: INSIDE_2,
      destination: "Greer Library",
      passengerCt: 3,
      requestedAt: t.clock.now(),
      riderName: "Ada Lovelace",
      riderPhone: "8645550142",
      riderPhotoUrl: null,
      driverName: null,
      driverPhone: null,
      acceptedAt: null,
      completedAt: null,
    });
    expect((await t.kv.get(keys.ride("greer", ride.id))).value).toEqual(ride);
    // The rider's slot holds the whole ride, so GET rides/my is one read.
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toEqual(ride);
    expect(t.log.events.find((e) => e.event === "ride.requested")).toMatchObject({
      tenant: "greer",
      userId: rider.user.id,
      rideId: ride.id,
      to: "pending",
    });
  });

  it("accepts a typed destination without a map point", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const res = await requestRide(t, rider.token, { dropoff: undefined, destination: "City Hall" });
    expect(res.status).toBe(201);
    expect((await res.json()).ride).toMatchObject({ dropoff: null, destination: "City Hall" });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["no pickup", { pickup: null }, "Location not available."],
    [
      "no destination",
      { dropoff: null, destination: "  " },
      "Please select a destination on the map or enter a destination.",
    ],
    [
      "a pickup with text coordinates",
      { pickup: { lat: "34.9", lng: "-82.2" } },
      "Pickup must be a location with numeric lat and lng",
    ],
    ["a pickup out of range", { pickup: { lat: 91, lng: 0 } }, "Pickup must be a location with numeric lat and lng"],
    ["a pickup that is not an object", { pickup: "downtown" }, "Pickup must be a location with numeric lat and lng"],
    ["a dropoff without lng", { dropoff: { lat: 34.9 } }, "Dropoff must be a location with numeric lat and lng"],
    ["0 passengers", { passengerCt: 0 }, "Passengers must be a whole number from 1 to 5"],
    ["6 passengers", { passengerCt: 6 }, "Passengers must be a whole number from 1 to 5"],
    ["2.5 passengers", { passengerCt: 2.5 }, "Passengers must be a whole number from 1 to 5"],
    ["passengers as text", { passengerCt: "3" }, "Passengers must be a whole number from 1 to 5"],
    ["null passengers", { passengerCt: null }, "Passengers must be a whole number from 1 to 5"],
    ["a destination that is not text", { dropoff: null, destination: 42 }, "Destination must be text"],
    ["a pickup outside the area", { pickup: OUTSIDE }, OUTSIDE_TEXT],
    ["a dropoff outside the area", { dropoff: OUTSIDE }, OUTSIDE_TEXT],
    ["a pickup just outside the edge", { pickup: north(806) }, OUTSIDE_TEXT],
  ];
  for (const [what, body, error] of refusals) {
    it(`refuses ${what} with 400 and writes nothing`, async () => {
      using t = await makeApp();
      const { rider } = await rideWorld(t);
      const res = await requestRide(t, rider.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
      expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toBeNull();
    });
  }

  it("accepts points inside, and on the edge of, the area", async () => {
    using t = await makeApp();
    const { rider, rider2 } = await rideWorld(t);
    expect((await requestRide(t, rider.token, { pickup: north(804), dropoff: CENTRE })).status).toBe(201);
    expect((await requestRide(t, rider2.token, { pickup: north(805), dropoff: CENTRE })).status).toBe(201);
  });

  it("refuses when no driver is available, or only a driver whose location is 10 minutes old", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const none = await requestRide(t, rider.token);
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: "No drivers are currently available. Please try again later." });
    const driver = await signIn(t, "8645550101", "greer");
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: true, location: CENTRE }));
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await requestRide(t, rider.token)).status).toBe(409);
    await t.request("/greer/api/users/location", put(driver.token, { location: CENTRE }));
    expect((await requestRide(t, rider.token)).status).toBe(201);
  });

  it("allows one active ride per rider, even on a double click", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const [a, b] = await Promise.all([requestRide(t, rider.token), requestRide(t, rider.token)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await requestRide(t, rider.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "You already have an active ride." });
    let count = 0;
    for await (const _ of t.kv.list({ prefix: keys.rides("greer") })) count++;
    expect(count).toBe(1);
  });

  it("refuses people who are not members of the tenant", async () => {
    using t = await makeApp();
    await rideWorld(t);
    const stranger = await signIn(t, "8645550199");
    const res = await requestRide(t, stranger.token);
    expect(res.status).toBe(403);
    expect((await t.request("/greer/api/rides", { method: "POST", body: "{}" })).status).toBe(401);
  });
});

describe("GET /{tenant}/api/rides/my", () => {
  it("answers the rider's active ride, and null once it is over", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toBeNull();
    const { ride } = await (await requestRide(t, rider.token)).json();
    const pending = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect(pending).toMatchObject({ id: ride.id, driverLocation: null, etaMinutes: null, lateMinutes: null });
    await t.request(`/greer/api/rides/${ride.id}`, put(rider.token, { status: "canceled" }));
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toBeNull();
    // A new ride may follow a finished one.
    expect((await requestRide(t, rider.token)).status).toBe(201);
  });

  it("follows every stage of the ride, and reads a slot written before rides were kept whole in it", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    const { ride } = await (await requestRide(t, rider.token)).json();
    for (const status of ["accepted", "on-the-way", "arrived"]) {
      expect((await t.request(`/greer/api/rides/${ride.id}`, put(driver.token, { status }))).status).toBe(200);
      const mine = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
      // Where the driver is (rideWorld put them at the centre) and the minutes to the pickup, then,
      // once aboard, to the dropoff.
      const target = status === "arrived" ? INSIDE_2 : INSIDE;
      expect(mine).toEqual({
        ...(await t.kv.get(keys.ride("greer", ride.id))).value!,
        driverLocation: CENTRE,
        etaMinutes: estimateMinutes(CENTRE, target),
        lateMinutes: null,
      });
      expect(mine.status).toBe(status);
    }
    await t.kv.set(keys.riderActive("greer", rider.user.id), ride.id); // an older store's slot: the id alone
    await migrateStore(t.kv); // as the next start does (main.ts)
    expect((await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).status).toBe("arrived");
  });
});

describe("drivers", () => {
  it("keeps availability and location, and lists available drivers with names", async () => {
    using t = await makeApp();
    const driver = await signIn(t, "8645550101", "greer");
    const rider = await signIn(t, "8645550142", "greer");
    expect(await (await t.request("/greer/api/drivers/availability", bearer(driver.token))).json()).toEqual({
      isAvailable: false,
      wheelchairAccessible: false,
    });
    await t.request("/api/users/profile", put(driver.token, { name: "Dee Driver" }));
    const set = await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, location: CENTRE }),
    );
    expect(await set.json()).toEqual({ isAvailable: true, location: CENTRE, wheelchairAccessible: false });
    const list = await (await t.request("/greer/api/drivers/available", bearer(rider.token))).json();
    expect(list).toEqual([{ id: driver.user.id, name: "Dee Driver", location: CENTRE }]);
    await t.request("/greer/api/users/location", put(driver.token, { location: INSIDE }));
    expect((await (await t.request("/greer/api/drivers/available", bearer(rider.token))).json())[0].location).toEqual(
      INSIDE,
    );
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    expect(await (await t.request("/greer/api/drivers/available", bearer(rider.token))).json()).toEqual([]);
  });

  it("refuses bad availability and location payloads with 400, and riders with 403", async () => {
    using t = await makeApp();
    const driver = await signIn(t, "8645550101", "greer");
    const rider = await signIn(t, "8645550142", "greer");
    const bad: [string, unknown][] = [
      ["/greer/api/drivers/availability", { isAvailable: "yes" }],
      ["/greer/api/drivers/availability", { isAvailable: true, location: { lat: 200, lng: 0 } }],
      ["/greer/api/users/location", { location: { lat: "1", lng: 2 } }],
      ["/greer/api/users/location", {}],
    ];
    for (const [path, body] of bad) {
      expect((await t.request(path, put(driver.token, body))).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request("/greer/api/drivers/availability", put(rider.token, { isAvailable: true }))).status).toBe(
      403,
    );
    expect((await t.request("/greer/api/users/location", put(rider.token, { location: CENTRE }))).status).toBe(403);
    expect((await t.request("/greer/api/drivers/availability", post(rider.token, {}))).status).toBe(404);
  });
});

describe("user status in the admin's user list", () => {
  it("shows drivers as available or unavailable and others by their active ride", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    await t.request(`/greer/api/rides/${ride.id}`, put(w.driver.token, { status: "accepted" }));
    await t.request("/greer/api/drivers/availability", put(w.driver2.token, { isAvailable: false }));
    const { users } = await (await t.request("/greer/api/users", bearer(w.admin.token))).json();
    const status = Object.fromEntries(users.map((u: { id: string; status: string }) => [u.id, u.status]));
    expect(status[w.rider.user.id]).toBe("accepted");
    expect(status[w.rider2.user.id]).toBe("inactive");
    expect(status[w.driver.user.id]).toBe("available");
    expect(status[w.driver2.user.id]).toBe("unavailable");
    expect(status[w.admin.user.id]).toBe("inactive");
  });
});
