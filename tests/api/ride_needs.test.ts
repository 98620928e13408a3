/**
 * Accessibility needs and the note for the driver: the profile's
 * standing needs, each ride's copy (or the request's own), the note's rules,
 * accessible vehicles, and a wheelchair ride offered only to them, in the
 * driver list and on the live socket.
 */
import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { LiveClient, type LiveServer, serve, waitFor } from "../helpers/live.ts";
import { CENTRE, move, put, requestRide, rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

const NO_ACCESSIBLE = "No wheelchair-accessible shuttle is available right now.";
const NEEDS_TEXT = "Needs must be a list of: wheelchair, mobility-aid, service-animal, assistance";

async function online(t: TestApp, token: string, wheelchairAccessible?: boolean) {
  const res = await t.request(
    "/greer/api/drivers/availability",
    put(token, {
      isAvailable: true,
      location: CENTRE,
      ...(wheelchairAccessible !== undefined && { wheelchairAccessible }),
    }),
  );
  expect(res.status).toBe(200);
  return await res.json();
}

async function driverList(t: TestApp, token: string): Promise<{ id: string }[]> {
  const res = await t.request("/greer/api/driver/rides", bearer(token));
  expect(res.status).toBe(200);
  return await res.json();
}

describe("standing needs on the profile", () => {
  it("starts with none, keeps what the rider sets (folded, in the list's order) and answers it", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    expect((await (await t.request("/api/users/profile", bearer(rider.token))).json()).user.needs).toEqual([]);
    const res = await t.request(
      "/api/users/profile",
      put(rider.token, { needs: ["service-animal", "wheelchair", "service-animal"] }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).user.needs).toEqual(["wheelchair", "service-animal"]);
    expect((await t.kv.get<{ needs: string[] }>(keys.user(rider.user.id))).value?.needs).toEqual([
      "wheelchair",
      "service-animal",
    ]);
    // Another change leaves them as they are; an empty list clears them.
    await t.request("/api/users/profile", put(rider.token, { name: "Ada" }));
    expect((await (await t.request("/api/users/profile", bearer(rider.token))).json()).user.needs).toEqual([
      "wheelchair",
      "service-animal",
    ]);
    await t.request("/api/users/profile", put(rider.token, { needs: [] }));
    expect((await (await t.request("/api/users/profile", bearer(rider.token))).json()).user.needs).toEqual([]);
  });

  it("refuses an unknown need or a list that is not one with 400 naming the field", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    for (const needs of [["wheelchair", "jetpack"], "wheelchair", [3], null]) {
      const res = await t.request("/api/users/profile", put(rider.token, { needs }));
      expect(res.status, JSON.stringify(needs)).toBe(400);
      expect(await res.json()).toEqual({ error: NEEDS_TEXT });
    }
    expect((await t.kv.get<{ needs?: string[] }>(keys.user(rider.user.id))).value?.needs).toBeUndefined();
  });
});

describe("needs and the note on a ride request", () => {
  it("copies the rider's standing needs onto the ride, and stores a trimmed note", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    await online(t, driver.token, true);
    await t.request("/api/users/profile", put(rider.token, { needs: ["assistance", "mobility-aid"] }));
    const res = await requestRide(t, rider.token, { note: "  blue door, ring twice " });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride).toMatchObject({ needs: ["mobility-aid", "assistance"], note: "blue door, ring twice" });
    expect((await t.kv.get(keys.ride("greer", ride.id))).value).toMatchObject({
      needs: ["mobility-aid", "assistance"],
      note: "blue door, ring twice",
    });
  });

  it("lets the request change this ride's needs without touching the profile, folding duplicates", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    await t.request("/api/users/profile", put(rider.token, { needs: ["wheelchair"] }));
    const res = await requestRide(t, rider.token, { needs: ["service-animal", "service-animal"], note: "" });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride.needs).toEqual(["service-animal"]);
    // An empty note is none.
    expect(ride).not.toHaveProperty("note");
    expect((await (await t.request("/api/users/profile", bearer(rider.token))).json()).user.needs).toEqual([
      "wheelchair",
    ]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["an unknown need", { needs: ["wheelchair", "rocket"] }, NEEDS_TEXT],
    ["needs that are not a list", { needs: "wheelchair" }, NEEDS_TEXT],
    ["needs as null", { needs: null }, NEEDS_TEXT],
    ["a note that is not text", { note: 42 }, "Note must be text"],
    ["a note of 141 characters", { note: "x".repeat(141) }, "Note must be at most 140 characters"],
    ["a note with a control character", { note: "ring\u0007twice" }, "Note contains characters that are not allowed"],
    ["a note with a bidi override", { note: "door \u202Eeulb" }, "Note contains characters that are not allowed"],
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

  it("takes a note of exactly 140 characters", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const res = await requestRide(t, rider.token, { note: "n".repeat(140) });
    expect(res.status).toBe(201);
    expect((await res.json()).ride.note).toBe("n".repeat(140));
  });
});

describe("wheelchair rides and accessible vehicles", () => {
  it("remembers whether the driver's vehicle takes a wheelchair, and refuses a value that is not true or false", async () => {
    using t = await makeApp();
    const { driver } = await rideWorld(t);
    const get = async () => await (await t.request("/greer/api/drivers/availability", bearer(driver.token))).json();
    expect(await get()).toEqual({ isAvailable: true, wheelchairAccessible: false });
    expect(await online(t, driver.token, true)).toMatchObject({ isAvailable: true, wheelchairAccessible: true });
    // Going offline and back online without saying keeps it.
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    expect(await online(t, driver.token)).toMatchObject({ wheelchairAccessible: true });
    expect(await get()).toEqual({ isAvailable: true, wheelchairAccessible: true });
    const bad = await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, wheelchairAccessible: "yes" }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "wheelchairAccessible must be true or false" });
    expect(await online(t, driver.token, false)).toMatchObject({ wheelchairAccessible: false });
  });

  it("answers 409 to an immediate wheelchair ride while no accessible shuttle is online, and 201 once one is", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    await t.request("/api/users/profile", put(rider.token, { needs: ["wheelchair"] }));
    const refused = await requestRide(t, rider.token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: NO_ACCESSIBLE });
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toBeNull();
    // An accessible driver who is offline does not count.
    await online(t, driver.token, true);
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    expect((await requestRide(t, rider.token)).status).toBe(409);
    await online(t, driver.token);
    expect((await requestRide(t, rider.token)).status).toBe(201);
  });

  it("answers the 409 in Spanish to a Spanish request", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const res = await t.request("/greer/api/rides", {
      ...put(rider.token, { pickup: CENTRE, destination: "City Hall", needs: ["wheelchair"] }),
      method: "POST",
      headers: {
        authorization: `Bearer ${rider.token}`,
        "content-type": "application/json",
        "accept-language": "es",
      },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "No hay ningún vehículo con acceso para silla de ruedas disponible en este momento.",
    });
  });

  it("lists a wheelchair ride only for drivers whose vehicle takes one; other rides for everyone", async () => {
    using t = await makeApp();
    const { rider, rider2, driver, driver2 } = await rideWorld(t);
    await online(t, driver.token, true);
    const wheelchair = (await (await requestRide(t, rider.token, { needs: ["wheelchair"] })).json()).ride;
    const plain = (await (await requestRide(t, rider2.token, { needs: ["service-animal"] })).json()).ride;
    expect((await driverList(t, driver.token)).map((r) => r.id).sort()).toEqual([wheelchair.id, plain.id].sort());
    expect((await driverList(t, driver2.token)).map((r) => r.id)).toEqual([plain.id]);
    // Not offered is not takeable: a driver whose vehicle does not take a wheelchair cannot accept it through the API.
    const refused = await move(t, driver2.token, wheelchair.id, "accepted");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "This ride needs a vehicle that takes a wheelchair." });
    // Still offered to the accessible driver: nobody took it.
    expect((await driverList(t, driver.token)).map((r) => r.id)).toContain(wheelchair.id);
    // Once accepted by the accessible driver it stays in their list.
    expect((await move(t, driver.token, wheelchair.id, "accepted")).status).toBe(200);
    expect((await driverList(t, driver.token)).map((r) => r.id)).toContain(wheelchair.id);
    expect((await driverList(t, driver2.token)).map((r) => r.id)).toEqual([plain.id]);
  });
});

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

describe("wheelchair rides on the live drivers socket", () => {
  it("tells accessible drivers and admins about a wheelchair ride, never a driver whose vehicle does not take one", async () => {
    const t = await makeApp();
    const server: LiveServer = serve(t.app);
    const clients: LiveClient[] = [];
    stops.push(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await server.stop();
      t.kv.close();
    });
    const { rider, rider2, driver, driver2, admin } = await rideWorld(t);
    await online(t, driver.token, true);
    const open = async (token: string, scope = "") => {
      const client = new LiveClient(server.ws(`/greer/ws/drivers?token=${encodeURIComponent(token)}${scope}`));
      clients.push(client);
      expect(await client.opened).toBe(true);
      return client;
    };
    const accessible = await open(driver.token);
    const other = await open(driver2.token);
    const admins = await open(admin.token, "&scope=all");

    const wheelchair = (await (await requestRide(t, rider.token, { needs: ["wheelchair"], note: "ramp at back" }))
      .json()).ride;
    await waitFor(() => accessible.rideMessages().some((m) => m.ride.id === wheelchair.id), "the accessible driver");
    await waitFor(() => admins.rideMessages().some((m) => m.ride.id === wheelchair.id), "the admin");
    expect(accessible.rideMessages()[0]).toMatchObject({
      type: "new",
      ride: { needs: ["wheelchair"], note: "ramp at back" },
    });
    // The accept leaves every list as pending: still not told to the other driver.
    expect((await move(t, driver.token, wheelchair.id, "accepted")).status).toBe(200);
    // A plain ride after it reaches the other driver: by then anything about the wheelchair ride would have arrived.
    const plain = (await (await requestRide(t, rider2.token)).json()).ride;
    await waitFor(() => other.rideMessages().some((m) => m.ride.id === plain.id), "the plain ride");
    await waitFor(() => accessible.rideMessages().some((m) => m.ride.status === "accepted"), "the accept");
    expect(other.rideMessages().map((m) => m.ride.id)).toEqual([plain.id]);

    // The driver says their vehicle now takes a wheelchair: the next wheelchair ride reaches them.
    await online(t, driver2.token, true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rider3 = await signIn(t, "8645550147", "greer");
    const second = (await (await requestRide(t, rider3.token, { needs: ["wheelchair"] })).json()).ride;
    await waitFor(() => other.rideMessages().some((m) => m.ride.id === second.id), "the newly accessible driver");
  });

  it("rings the vehicles doorbell only when a vehicle's wheelchair answer changes, not on location reports", async () => {
    const t = await makeApp();
    stops.push(() => Promise.resolve(t.kv.close()));
    const { driver } = await rideWorld(t);
    const head = async () => (await t.kv.get<Deno.KvU64>(keys.vehiclesHead("greer"))).value?.value ?? 0n;
    await online(t, driver.token, true);
    expect(await head()).toBe(1n);
    // Location reports and going online again with the same answer: the drivers doorbell only.
    for (const lat of [34.9391, 34.9395]) {
      const res = await t.request("/greer/api/users/location", put(driver.token, { location: { ...CENTRE, lat } }));
      expect(res.status).toBe(200);
    }
    await online(t, driver.token, true);
    await online(t, driver.token);
    expect(await head()).toBe(1n);
    await online(t, driver.token, false);
    expect(await head()).toBe(2n);
  });
});
