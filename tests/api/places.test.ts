/**
 * A tenant's named places: the API's rules, roles and tenants,
 * what lands in KV, and rides asked from places.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { createPlace, listPlaces } from "../../kv/places.ts";
import { DEMO_ADMIN_PHONE, DEMO_PLACES } from "../../kv/seed.ts";
import { MAX_PLACES, type Place } from "../../lib/places.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { CENTRE, INSIDE, INSIDE_2, OUTSIDE, post, put, rideWorld } from "../helpers/rides.ts";
import type { TestApp } from "../helpers/rides.ts";

const OUTSIDE_TEXT =
  "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.";

async function addPlace(t: TestApp, token: string, body: Record<string, unknown>, tenant = "greer") {
  return await t.request(`/${tenant}/api/admin/places`, post(token, { lat: INSIDE.lat, lng: INSIDE.lng, ...body }));
}

async function placeNamed(t: TestApp, name: string): Promise<Place> {
  const found = (await listPlaces(t.kv, "greer")).find((p) => p.name === name);
  if (!found) throw new Error(`no place ${name}`);
  return found;
}

describe("places", () => {
  it("lists the demo tenant's places by name for any member, and refuses a stranger", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const res = await t.request("/greer/api/places", bearer(rider.token));
    expect(res.status).toBe(200);
    const places: Place[] = await res.json();
    expect(places.map((p) => p.name)).toEqual(DEMO_PLACES.map((p) => p.name).sort());
    expect(Object.keys(places[0]).sort()).toEqual(["id", "lat", "lng", "name", "note"]);
    expect((await t.request("/greer/api/places")).status).toBe(401);
  });

  it("lets an admin add, rename, move and remove a place, each write in KV and the audit trail", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const added = await addPlace(t, admin.token, { name: "  Hospital –  north entrance ", note: "Door B" });
    expect(added.status).toBe(201);
    const { place } = await added.json();
    expect(place).toEqual({
      id: expect.any(String),
      name: "Hospital – north entrance",
      lat: INSIDE.lat,
      lng: INSIDE.lng,
      note: "Door B",
    });
    expect((await t.kv.get(keys.place("greer", place.id))).value).toMatchObject({ name: "Hospital – north entrance" });

    const changed = await t.request(
      `/greer/api/admin/places/${place.id}`,
      put(admin.token, { name: "Hospital", lat: INSIDE_2.lat, lng: INSIDE_2.lng }),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).place).toEqual({ ...place, name: "Hospital", ...INSIDE_2, note: null });
    // The old name is free again; the new one is taken.
    expect((await addPlace(t, admin.token, { name: "hospital – NORTH entrance" })).status).toBe(201);
    expect((await addPlace(t, admin.token, { name: "HOSPITAL" })).status).toBe(409);

    const removed = await t.request(`/greer/api/admin/places/${place.id}`, bearer(admin.token, { method: "DELETE" }));
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect((await t.kv.get(keys.place("greer", place.id))).value).toBeNull();
    expect((await addPlace(t, admin.token, { name: "Hospital" })).status).toBe(201);
    const gone = await t.request(`/greer/api/admin/places/${place.id}`, bearer(admin.token, { method: "DELETE" }));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: "Place not found" });

    // Records made in the same millisecond of the test clock have no order between them: compared as a set.
    const actions = (await listAudit(t.kv, "greer")).filter((a) => a.by === admin.user.id).map((a) => a.action);
    expect(actions.sort()).toEqual([
      "place.changed",
      "place.created",
      "place.created",
      "place.created",
      "place.deleted",
    ]);
  });

  it("refuses a taken name ignoring case and accents, with 409, and stores nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await addPlace(t, admin.token, { name: "Café Central" })).status).toBe(201);
    for (const name of ["café central", "CAFE CENTRAL", "Cafe  Central", "City hall"]) {
      const res = await addPlace(t, admin.token, { name });
      expect(res.status, name).toBe(409);
      expect(await res.json()).toEqual({ error: "A place with this name already exists" });
    }
    expect(await listPlaces(t.kv, "greer")).toHaveLength(DEMO_PLACES.length + 1);
    // Renaming onto another place's name is refused too; renaming to itself in other case is not.
    const cafe = await placeNamed(t, "Café Central");
    const clash = await t.request(
      `/greer/api/admin/places/${cafe.id}`,
      put(admin.token, { ...cafe, name: "city HALL" }),
    );
    expect(clash.status).toBe(409);
    const recase = await t.request(
      `/greer/api/admin/places/${cafe.id}`,
      put(admin.token, { ...cafe, name: "CAFÉ central" }),
    );
    expect(recase.status).toBe(200);
  });

  it("answers 400 naming the problem for each bad field, and stores nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name must be 1-80 characters"],
      [{ name: "   " }, "Name must be 1-80 characters"],
      [{ name: "x".repeat(81) }, "Name must be 1-80 characters"],
      [{ name: 7 }, "Name must be 1-80 characters"],
      [{ name: "Stop", lat: "34.9" }, "A place needs numeric lat and lng"],
      [{ name: "Stop", lng: null }, "A place needs numeric lat and lng"],
      [{ name: "Stop", lat: 91 }, "A place needs numeric lat and lng"],
      [{ name: "Stop", note: "n".repeat(141) }, "Note must be at most 140 characters"],
      [{ name: "Stop", note: 5 }, "Note must be at most 140 characters"],
      [{ name: "Stop\u202E" }, "Name contains characters that are not allowed"],
      [{ name: "Stop", ...OUTSIDE }, OUTSIDE_TEXT],
    ];
    for (const [body, error] of cases) {
      const res = await addPlace(t, admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await listPlaces(t.kv, "greer")).toHaveLength(DEMO_PLACES.length);
    // A note of exactly 140 characters and a name of 80 are fine.
    expect((await addPlace(t, admin.token, { name: "y".repeat(80), note: "n".repeat(140) })).status).toBe(201);
  });

  it("answers in Spanish to a Spanish request", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const spanish = (init: RequestInit) => ({
      ...init,
      headers: { ...(init.headers as Record<string, string>), "accept-language": "es" },
    });
    const taken = await t.request(
      "/greer/api/admin/places",
      spanish(post(admin.token, { name: "city hall", ...INSIDE })),
    );
    expect(await taken.json()).toEqual({ error: "Ya existe un lugar con este nombre" });
    const long = await t.request("/greer/api/admin/places", spanish(post(admin.token, { name: "", ...INSIDE })));
    expect(await long.json()).toEqual({ error: "El nombre debe tener de 1 a 80 caracteres" });
  });

  it("holds at most 300 places a tenant, even when admins add at once", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (let i = DEMO_PLACES.length; i < MAX_PLACES - 5; i++) {
      await createPlace(t.kv, "greer", { name: `Stop ${i}`, ...INSIDE, note: null }, "test", 0);
    }
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => addPlace(t, admin.token, { name: `Burst ${i}` })),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const refused = burst.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({ error: "This organization already has 300 places" });
    expect(await listPlaces(t.kv, "greer")).toHaveLength(MAX_PLACES);
  });

  it("keeps riders and drivers out of the admin calls, and each tenant's places to itself", async () => {
    using t = await makeApp();
    await addCampus(t);
    const { rider, driver, admin } = await rideWorld(t);
    for (const who of [rider, driver]) {
      const res = await addPlace(t, who.token, { name: "Mine" });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    const hall = await placeNamed(t, "City Hall");
    // Greer's admin cannot write campus places, and campus's path does not reach Greer's place.
    expect((await addPlace(t, admin.token, { name: "Quad" }, "campus")).status).toBe(403);
    const root = await superAdmin(t);
    const quad = await (await addPlace(t, root.token, { name: "Quad" }, "campus")).json();
    const foreign = await t.request(
      `/greer/api/admin/places/${quad.place.id}`,
      put(admin.token, { name: "Mine now", ...INSIDE }),
    );
    expect(foreign.status).toBe(404);
    expect((await t.request(`/campus/api/admin/places/${hall.id}`, put(root.token, { name: "x", ...INSIDE }))).status)
      .toBe(404);
    expect((await t.request("/campus/api/places", bearer(root.token))).status).toBe(200);
    expect((await (await t.request("/campus/api/places", bearer(root.token))).json()).map((p: Place) => p.name))
      .toEqual(["Quad"]);
  });
});

describe("rides from places", () => {
  it("takes a place's point and name for pickup and dropoff, and keeps them after the place changes", async () => {
    using t = await makeApp();
    const { rider, driver, admin } = await rideWorld(t);
    const station = await placeNamed(t, "Greer Station");
    const hall = await placeNamed(t, "City Hall");
    const res = await t.request(
      "/greer/api/rides",
      post(rider.token, { pickupPlaceId: station.id, dropoffPlaceId: hall.id, passengerCt: 2 }),
    );
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride).toMatchObject({
      pickup: { lat: station.lat, lng: station.lng },
      pickupName: "Greer Station (Trade Street side)",
      dropoff: { lat: hall.lat, lng: hall.lng },
      destination: "City Hall",
      passengerCt: 2,
    });
    // The place moves and is renamed: the ride keeps what it was given.
    await t.request(`/greer/api/admin/places/${station.id}`, put(admin.token, { name: "Depot", ...CENTRE }));
    const seen = await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json();
    expect(seen[0]).toMatchObject({ id: ride.id, pickupName: "Greer Station (Trade Street side)" });
    expect(seen[0].pickup).toEqual({ lat: station.lat, lng: station.lng });
  });

  it("lets a place stand for one end and a point for the other; the place wins over a point for its end", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const park = await placeNamed(t, "Greer City Park");
    const res = await t.request(
      "/greer/api/rides",
      post(rider.token, { pickup: INSIDE, dropoff: INSIDE_2, dropoffPlaceId: park.id, destination: "Typed" }),
    );
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride.pickup).toEqual(INSIDE);
    expect(ride).not.toHaveProperty("pickupName");
    expect(ride.dropoff).toEqual({ lat: park.lat, lng: park.lng });
    expect(ride.destination).toBe("Greer City Park");
  });

  it("refuses an unknown or foreign place id with 400 and creates no ride", async () => {
    using t = await makeApp();
    await addCampus(t);
    const { rider } = await rideWorld(t);
    const root = await superAdmin(t);
    const quad = (await (await addPlace(t, root.token, { name: "Quad" }, "campus")).json()).place;
    const cases: Record<string, unknown>[] = [
      { pickupPlaceId: quad.id, dropoff: INSIDE_2 },
      { pickup: INSIDE, dropoffPlaceId: quad.id },
      { pickup: INSIDE, dropoffPlaceId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" },
      { pickup: INSIDE, dropoffPlaceId: 12 },
      { pickup: INSIDE, dropoffPlaceId: "../../x" },
      { pickupPlaceId: "", dropoff: INSIDE_2 },
    ];
    for (const body of cases) {
      const res = await t.request("/greer/api/rides", post(rider.token, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: "Unknown place" });
    }
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(200);
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toBeNull();
  });
});
