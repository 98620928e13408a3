/**
 * Two tenants with people in each, for the access matrix: tenant A (the demo
 * "greer") holds the callers (rider, dispatcher, driver, admin); both tenants hold an
 * online driver, a rider with an active ride and a plain member. A super
 * admin belongs to no tenant. Every id and phone number of a tenant's people
 * and rides is kept in `records`, so a test can look for them in answers
 * about the other tenant.
 */
import { changeRole } from "../../kv/members.ts";
import { savePhoto } from "../../kv/photos.ts";
import { updateUser } from "../../kv/users.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { addCampus, makeApp, postJson, sentCode, TWILIO_TEST_ENV } from "./app.ts";
import { CENTRE, INSIDE, INSIDE_2, post, put } from "./rides.ts";
import { createPlace } from "../../kv/places.ts";
import { createVehicle } from "../../kv/vehicles.ts";

/** A Monday-Wednesday-Friday standing ride, as the rider's page sends it. */
export const STANDING_BODY = {
  pickup: INSIDE,
  dropoff: INSIDE_2,
  destination: "Matrix clinic",
  passengerCt: 1,
  weekdays: [1, 3, 5],
  time: "08:30",
  startDate: "2026-01-05",
  skipDates: [],
  paused: false,
};

export type TestApp = Awaited<ReturnType<typeof makeApp>>;
export const TENANT_A = "greer";
export const TENANT_B = "campus";

export interface Person {
  id: string;
  phone: string;
  token: string;
}

export type World = Awaited<ReturnType<typeof accessWorld>>;

export async function accessWorld(env: Record<string, string> = {}) {
  // With a Twilio sender's settings, so the incoming-text webhook is on (texts still go to the recording sender).
  const t = await makeApp({ ...TWILIO_TEST_ENV, ...env });
  await addCampus(t);
  const records: Record<string, Set<string>> = { [TENANT_A]: new Set(), [TENANT_B]: new Set() };
  let nextPhone = 0;
  let nextAddress = 0;
  /** A client address of its own, so the per-address limits never decide an outcome here. */
  const address = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
  const freshPhone = () => `86455${String(20000 + nextPhone++).padStart(5, "0")}`;

  /** Signs in through the real API (at `tenant` when given), from an address of its own. */
  async function signIn(phone: string, tenant?: string): Promise<Person> {
    const sent = await t.request("/api/auth/login", postJson({ phoneNumber: phone }), address());
    if (sent.status !== 200) throw new Error(`login answered ${sent.status}: ${await sent.text()}`);
    const { challenge } = await sent.json();
    const res = await t.request(
      "/api/auth/verify",
      postJson({ phoneNumber: phone, code: sentCode(t, phone), challenge, tenantCode: tenant }),
      address(),
    );
    if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${await res.text()}`);
    const { token, user } = await res.json();
    return { id: user.id, phone, token };
  }

  /** A new rider of `tenant` (recorded as that tenant's). */
  async function member(tenant: string, role?: "driver" | "dispatcher"): Promise<Person> {
    const person = await signIn(freshPhone(), tenant);
    if (role) await changeRole(t.kv, { tenant, userId: person.id, role, add: true, now: t.clock.now() });
    records[tenant].add(person.id).add(person.phone);
    return person;
  }

  /** A new pending ride of `tenant`, requested by a new rider. */
  async function pendingRide(tenant: string): Promise<string> {
    const rider = await member(tenant);
    const res = await t.request(
      `/${tenant}/api/rides`,
      post(rider.token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, destination: "Matrix stop" }),
    );
    if (res.status !== 201) throw new Error(`ride request answered ${res.status}: ${await res.text()}`);
    const { ride } = await res.json();
    records[tenant].add(ride.id);
    return ride.id;
  }

  /** A new standing ride of `tenant`, set up by a new rider through the API. */
  async function standingRide(tenant: string): Promise<string> {
    const rider = await member(tenant);
    const res = await t.request(`/${tenant}/api/rides/recurring`, post(rider.token, STANDING_BODY));
    if (res.status !== 201) throw new Error(`standing ride answered ${res.status}: ${await res.text()}`);
    const { standingRide } = await res.json();
    records[tenant].add(standingRide.id);
    return standingRide.id;
  }

  let nextPlace = 0;
  let nextVehicle = 0;
  /** A new named place of `tenant` (recorded as that tenant's), stored directly: the API's own rules are tested apart. */
  async function place(tenant: string): Promise<string> {
    const result = await createPlace(
      t.kv,
      tenant,
      { name: `Matrix place ${++nextPlace}`, lat: INSIDE.lat, lng: INSIDE.lng, note: null },
      "access-world",
      t.clock.now(),
    );
    if (!result.ok) throw new Error(`place: ${result.reason}`);
    records[tenant].add(result.place.id);
    return result.place.id;
  }

  /** A new vehicle of `tenant`, stored directly: the API's own rules are tested apart. */
  async function vehicle(tenant: string): Promise<string> {
    const result = await createVehicle(
      t.kv,
      tenant,
      { name: `Matrix van ${++nextVehicle}`, seats: 8, wheelchairSpaces: 1 },
      "access-world",
      t.clock.now(),
    );
    if (!result.ok) throw new Error(`vehicle: ${result.reason}`);
    records[tenant].add(result.vehicle.id);
    return result.vehicle.id;
  }

  async function online(tenant: string, driver: Person) {
    const res = await t.request(
      `/${tenant}/api/drivers/availability`,
      put(driver.token, { isAvailable: true, location: CENTRE }),
    );
    if (res.status !== 200) throw new Error(`availability answered ${res.status}`);
  }

  const rider = await signIn("8645550142", TENANT_A);
  const driver = await signIn(DEMO_DRIVER_PHONE, TENANT_A);
  const admin = await signIn(DEMO_ADMIN_PHONE, TENANT_A);
  for (const p of [rider, driver, admin]) records[TENANT_A].add(p.id).add(p.phone);
  // A rider who also holds the dispatcher role, as an admin grants it.
  const dispatcher = await member(TENANT_A, "dispatcher");
  const superPhone = "8645550150";
  const boss = await signIn(superPhone);
  await updateUser(t.kv, boss.id, (u) => ({ ...u, isSuper: true }));

  const photo = await Deno.readFile(new URL("../fixtures/photo.webp", import.meta.url));
  const people: Record<string, { driver: Person; subject: Person; rideId: string; photoUrl: string }> = {};
  for (const tenant of [TENANT_A, TENANT_B]) {
    const onlineDriver = await member(tenant, "driver");
    await online(tenant, onlineDriver);
    const rideId = await pendingRide(tenant);
    const subject = await member(tenant);
    const saved = await savePhoto(t.kv, subject.id, { bytes: photo, contentType: "image/webp" }, t.clock.now());
    people[tenant] = { driver: onlineDriver, subject, rideId, photoUrl: saved!.photoUrl! };
  }
  // The caller driver is online too, so its own-tenant calls see a working shift.
  await online(TENANT_A, driver);

  return {
    t,
    callers: { anonymous: null, rider, dispatcher, driver, admin, super: boss } as Record<string, Person | null>,
    people,
    records,
    address,
    freshPhone,
    signIn,
    member,
    pendingRide,
    standingRide,
    place,
    vehicle,
    [Symbol.dispose]: () => t.kv.close(),
  };
}
