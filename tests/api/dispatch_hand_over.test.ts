/**
 * Bookings ahead in automatic dispatch: at the hand-over (20 minutes before the time booked) a booking is planned
 * into a vehicle by the rules of a ride request, its pickup within the tenant's longest wait of the time booked, and
 * handed over accepted by that vehicle's driver; when no vehicle can take it, it is handed over pending with no
 * driver (admins see no driver assigned), the rider is texted, and a driver may still take it by hand.
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer.
 */
import { describe, expect, it } from "vitest";
import { handOverDue } from "../../domain/bookings/hand_over.ts";
import { keys } from "../../kv/keys.ts";
import { getPlan } from "../../kv/plans.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Ride } from "../../lib/rides.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { CENTRE, move, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const START = Date.UTC(2026, 0, 5, 15, 0);
const AT = START + 2 * 60 * MIN;

function at(north: number, east: number) {
  return {
    lat: CENTRE.lat + north / 111.2,
    lng: CENTRE.lng + east / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180)),
  };
}

async function world(t: TestApp) {
  const w = await rideWorld(t);
  const res = await t.request(
    "/greer/api/admin/settings",
    put(w.admin.token, { dispatchMode: "automatic", serviceArea: { ...CENTRE, radiusMeters: 20_000, label: "Greer" } }),
  );
  if (res.status !== 200) throw new Error(`settings answered ${res.status}`);
  const made = await createVehicle(t.kv, "greer", { name: "Van A", seats: 12, wheelchairSpaces: 1 }, "test", START);
  if (!made.ok) throw new Error(made.reason);
  const booked = await t.request(
    "/greer/api/rides",
    post(w.rider.token, { pickup: at(0, 0), dropoff: at(0, 2), passengerCt: 2, scheduledFor: AT }),
  );
  if (booked.status !== 201) throw new Error(`booking answered ${booked.status}`);
  const { ride } = await booked.json() as { ride: Ride };
  expect(ride.status).toBe("scheduled");
  return { ...w, van: made.vehicle.id, booking: ride };
}

async function drive(t: TestApp, token: string, vehicleId: string, location: { lat: number; lng: number }) {
  const res = await t.request(
    "/greer/api/drivers/availability",
    put(token, { isAvailable: true, location, vehicleId }),
  );
  if (res.status !== 200) throw new Error(`availability answered ${res.status}`);
}

const rideOf = async (t: TestApp, id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;
const riderTexts = (t: TestApp) =>
  t.sms.sent.filter((m) => m.to === "8645550142" && m.body.startsWith("City of Greer")).map((m) => m.body);

describe("automatic dispatch: a booking's hand-over", () => {
  it("plans the booking into a vehicle, picked up within the longest wait of the time booked, accepted by its driver", async () => {
    using t = await makeApp();
    const { driver, van, booking, rider } = await world(t);
    t.clock.set(AT - 20 * MIN);
    await drive(t, driver.token, van, at(0, -1));
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [booking.id], canceled: [] });
    const ride = await rideOf(t, booking.id);
    expect(ride).toMatchObject({
      status: "accepted",
      assignedDriverId: driver.user.id,
      vehicleId: van,
      acceptedAt: AT - 20 * MIN,
      requestedAt: AT - 20 * MIN,
    });
    expect(ride.pickupAt).toBeGreaterThanOrEqual(AT);
    expect(ride.pickupAt).toBeLessThanOrEqual(AT + 15 * MIN);
    expect(ride.dropoffAt).toBeGreaterThan(ride.pickupAt!);
    const plan = (await getPlan(t.kv, "greer", van)).value!;
    expect(plan.stops.map((s) => [s.rideId, s.kind, s.plannedAt])).toEqual([
      [booking.id, "pickup", ride.pickupAt],
      [booking.id, "dropoff", ride.dropoffAt],
    ]);
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toMatchObject({
      id: booking.id,
      status: "accepted",
      vehicleId: van,
    });
    // The rider hears which shuttle comes and when, not that the ride is looking for a driver.
    expect(riderTexts(t)).toHaveLength(1);
    expect(riderTexts(t)[0]).toMatch(/^City of Greer: your shuttle \(Van A\) will pick you up at about .+, between /);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("hands it over pending with no driver when no vehicle can take it, texts the rider, and a driver may take it by hand", async () => {
    using t = await makeApp();
    const { driver, admin, van, booking, rider } = await world(t);
    await t.request("/api/users/profile", put(rider.token, { language: "es" }));
    t.clock.set(AT - 20 * MIN);
    // The only van is 15 km away: more than half an hour from the pickup.
    await drive(t, driver.token, van, at(15, 0));
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [booking.id], canceled: [] });
    const ride = await rideOf(t, booking.id);
    expect(ride).toMatchObject({ status: "pending", assignedDriverId: null });
    expect(ride.vehicleId).toBeUndefined();
    expect((await getPlan(t.kv, "greer", van)).value).toBeNull();
    expect(riderTexts(t)).toEqual([
      "City of Greer: aún no hay vehículo libre para su viaje de las 12:00 p.m.; le avisaremos cuando un conductor lo acepte.",
    ]);
    // Admins see it waiting with no driver.
    const trips = await (await t.request("/greer/api/admin/rides", bearer(admin.token))).json();
    const trip = trips.find((x: { id: string }) => x.id === booking.id);
    expect(trip.status).toBe("pending");
    expect(trip.driver).toBeUndefined();
    // A second sweep texts nothing more.
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
    expect(riderTexts(t)).toHaveLength(1);

    // The driver comes back to town and takes it by hand: it goes into their van's plan.
    await drive(t, driver.token, van, at(0, -1));
    expect((await move(t, driver.token, booking.id, "accepted")).status).toBe(200);
    const taken = await rideOf(t, booking.id);
    expect(taken).toMatchObject({ status: "accepted", assignedDriverId: driver.user.id, vehicleId: van });
    expect((await getPlan(t.kv, "greer", van)).value!.stops.map((s) => s.kind)).toEqual(["pickup", "dropoff"]);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});
