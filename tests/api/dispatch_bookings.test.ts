/**
 * A dispatcher books for a person by phone (POST /{t}/api/dispatch/bookings, domain/dispatch/book.ts): the person
 * found or made a rider of the tenant, the ride made as the person's own request makes it, with its refusals and
 * texts, and nothing left behind by a refused booking.
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer; the demo tenant dispatches by
 * drivers, its schedule runs 07:00-19:00 Monday to Friday.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { changeRole, getMembership, setBlocked } from "../../kv/members.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import { findUserIdByPhone, getUser } from "../../kv/users.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import { BOOKINGS_PER_HOUR } from "../../lib/phone_booking.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { waitFor } from "../helpers/live.ts";
import { drive } from "../helpers/plans.ts";
import {
  CENTRE,
  INSIDE,
  INSIDE_2,
  move,
  OUTSIDE,
  post,
  put,
  requestRide,
  rideWorld,
  type TestApp,
} from "../helpers/rides.ts";

const MIN = 60_000;
/** Monday 5 January 2026, 10:00 in Greer. */
const START = Date.UTC(2026, 0, 5, 15, 0);
const NEW_NUMBER = "8645550199";

const ride = { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 2 };

function call(t: TestApp, path: string, token: string, body: Record<string, unknown>, lang?: string) {
  const init = post(token, body);
  const headers = new Headers(init.headers);
  if (lang) headers.set("accept-language", lang);
  return t.request(path, { ...init, headers });
}
const book = (t: TestApp, token: string, body: Record<string, unknown>, lang?: string) =>
  call(t, "/greer/api/dispatch/bookings", token, body, lang);
/** The same ride asked for by the rider themself. */
const ownRequest = (t: TestApp, token: string, body: Record<string, unknown>, lang?: string) =>
  call(t, "/greer/api/rides", token, body, lang);

/** The demo tenant with its riders and drivers online, and a dispatcher (a rider granted the role). */
async function desk(t: TestApp) {
  const world = await rideWorld(t);
  const dispatcher = await signIn(t, "8645550170", "greer");
  await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
  return { ...world, dispatcher };
}

/** The tenant's audit records, to tell the new ones from (the fake clock stands still). */
const auditIds = async (t: TestApp) => new Set((await listAudit(t.kv, "greer")).map((a) => a.id));
/** The tenant's audit records written since `seen` was read. */
const auditsSince = async (t: TestApp, seen: Set<string>) =>
  (await listAudit(t.kv, "greer")).filter((a) => !seen.has(a.id));

/** Nothing of the number in KV: no person, so no membership, no ride and no record. */
async function expectNoTrace(t: TestApp, phone: string) {
  expect(await findUserIdByPhone(t.kv, phone)).toBeNull();
}

describe("POST /{t}/api/dispatch/bookings: the person", () => {
  it("a new number: a rider of the tenant with the given name, a ride the drivers see, audited, texted on accept", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const before = t.clock.now();
    const seen = await auditIds(t);
    const res = await book(t, w.dispatcher.token, { phoneNumber: "(864) 555-0199", name: "  Rosa Diaz ", ...ride });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.newPerson).toBe(true);
    expect(body.rider).toMatchObject({ phoneNumber: NEW_NUMBER, name: "Rosa Diaz" });
    expect(body.ride).toMatchObject({
      status: "pending",
      creatorId: body.rider.id,
      riderPhone: NEW_NUMBER,
      riderName: "Rosa Diaz",
      passengerCt: 2,
    });

    const id = await findUserIdByPhone(t.kv, NEW_NUMBER);
    expect(id).toBe(body.rider.id);
    expect(await getUser(t.kv, id!)).toMatchObject({ phoneNumber: NEW_NUMBER, name: "Rosa Diaz", isSuper: false });
    expect(await getMembership(t.kv, "greer", id!)).toEqual({
      roles: ["rider"],
      joinedAt: before,
      invited: true,
      label: "Rosa Diaz",
    });
    expect((await t.kv.get(keys.userTenant(id!, "greer"))).value).toBe(true);

    const audits = await auditsSince(t, seen);
    audits.sort((a, b) => a.action.localeCompare(b.action));
    expect(audits.map((a) => [a.action, a.by, a.target])).toEqual([
      ["ride.booked", w.dispatcher.user.id, id],
      ["user.added", w.dispatcher.user.id, id],
    ]);
    expect(audits[0].details).toEqual({ rideId: body.ride.id, newPerson: true });

    // The drivers' list has it, as any request; the driver accepts and the rider is texted as any rider.
    const list: Ride[] = await (await t.request("/greer/api/driver/rides", bearer(w.driver.token))).json();
    expect(list.map((r) => r.id)).toContain(body.ride.id);
    expect(t.sms.sent.filter((m) => m.to === NEW_NUMBER)).toEqual([]);
    expect((await move(t, w.driver.token, body.ride.id, "accepted")).status).toBe(200);
    await waitFor(() => t.sms.sent.some((m) => m.to === NEW_NUMBER), "the rider's text");
    const texts = t.sms.sent.filter((m) => m.to === NEW_NUMBER).map((m) => m.body);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^City of Greer: .* accepted your ride/);
  });

  it("an existing number: the same person and their own name, their standing needs, no new membership", async () => {
    using t = await makeApp();
    const w = await desk(t);
    await t.request("/api/users/profile", put(w.rider.token, { name: "Ann Rider", needs: ["wheelchair"] }));
    await t.request("/greer/api/drivers/availability", put(w.driver2.token, { isAvailable: false }));
    const seen = await auditIds(t);
    const res = await book(t, w.dispatcher.token, { phoneNumber: "864-555-0142", name: "Someone Else", ...ride });
    // The rider's own request would meet the same rule: a wheelchair ride needs a vehicle that takes one.
    const own = await requestRide(t, w.rider.token, ride);
    expect(await res.json()).toEqual(await own.json());
    expect(res.status).toBe(own.status);

    const plain = await book(t, w.dispatcher.token, { phoneNumber: "8645550142", name: "X", ...ride, needs: [] });
    expect(plain.status, await plain.clone().text()).toBe(201);
    const body = await plain.json();
    expect(body).toMatchObject({ newPerson: false, rider: { id: w.rider.user.id, name: "Ann Rider" } });
    expect(body.ride).toMatchObject({ creatorId: w.rider.user.id, riderName: "Ann Rider" });
    expect(await getUser(t.kv, w.rider.user.id)).toMatchObject({ name: "Ann Rider" });
    expect(await getMembership(t.kv, "greer", w.rider.user.id)).not.toHaveProperty("label");
    // The rider sees it as their own ride.
    const mine = await (await t.request("/greer/api/rides/my", bearer(w.rider.token))).json();
    expect(mine.id).toBe(body.ride.id);
    expect((await auditsSince(t, seen)).map((a) => a.action)).toEqual(["ride.booked"]);

    // A second ride now for them is refused as their own second request is.
    const again = await book(t, w.dispatcher.token, { phoneNumber: "8645550142", ...ride, needs: [] });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(await (await ownRequest(t, w.rider.token, { ...ride, needs: [] })).json());
  });

  it("an invite-only tenant: a dispatcher adds the person as they book", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const set = await t.request("/greer/api/admin/settings", put(w.admin.token, { joinPolicy: "invite" }));
    expect(set.status).toBe(200);
    const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (await res.json()).rider.id;
    expect(await getMembership(t.kv, "greer", id)).toMatchObject({ roles: ["rider"], invited: true });
    // Added, they can sign in at the invite-only tenant.
    const rider = await signIn(t, NEW_NUMBER, "greer");
    expect(rider.user.id).toBe(id);
    expect((await t.request("/greer/api/rides/my", bearer(rider.token))).status).toBe(200);
  });

  it("a person of another tenant becomes a rider here, their name unchanged", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const res = await book(t, w.dispatcher.token, { phoneNumber: "8645550143", name: "Renamed", ...ride });
    expect(res.status).toBe(201);
    expect(await getUser(t.kv, w.rider2.user.id)).toMatchObject({ name: null });
  });
});

describe("POST /{t}/api/dispatch/bookings: ahead", () => {
  it("books for later with no driver online: a scheduled ride, handed over as any booking", async () => {
    using t = await makeApp();
    const w = await desk(t);
    for (const d of [w.driver, w.driver2]) {
      await t.request("/greer/api/drivers/availability", put(d.token, { isAvailable: false }));
    }
    const at = START + 60 * MIN;
    const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride, scheduledFor: at });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.ride).toMatchObject({ status: "scheduled", scheduledFor: at, creatorId: body.rider.id });
    expect((await t.kv.get(keys.ride("greer", body.ride.id))).value).toMatchObject({ status: "scheduled" });
    const audit = (await listAudit(t.kv, "greer")).find((a) => a.action === "ride.booked");
    expect(audit?.details).toEqual({ rideId: body.ride.id, newPerson: true, scheduledFor: at });
  });

  it("books to arrive by a time: the pickup set from the trip and the wait, as the rider's own booking", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const arriveBy = START + 120 * MIN;
    const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride, arriveBy });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.ride).toMatchObject({ status: "scheduled", arriveBy });
    expect(body.ride.scheduledFor).toBeLessThan(arriveBy - 15 * MIN);
    const audit = (await listAudit(t.kv, "greer")).find((a) => a.action === "ride.booked");
    expect(audit?.details).toEqual({
      rideId: body.ride.id,
      newPerson: true,
      scheduledFor: body.ride.scheduledFor,
      arriveBy,
    });
    const both = await book(t, w.dispatcher.token, {
      phoneNumber: "8645550188",
      ...ride,
      arriveBy,
      scheduledFor: arriveBy,
    });
    expect(both.status).toBe(400);
  });

  it("refuses a time outside the schedule as the rider's booking is refused, and adds no one", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const body = { ...ride, scheduledFor: Date.UTC(2026, 0, 6, 11, 30) };
    const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...body }, "es");
    expect(res.status).toBe(400);
    const own = await ownRequest(t, w.rider.token, body, "es");
    expect(own.status).toBe(400);
    const answer = await res.json();
    expect(answer).toEqual(await own.json());
    expect(answer.error).toMatch(/martes/i);
    await expectNoTrace(t, NEW_NUMBER);
  });
});

describe("POST /{t}/api/dispatch/bookings: refusals leave nothing behind", () => {
  it("no driver online: 409 with the rider's text, no person, no membership, no record", async () => {
    using t = await makeApp();
    const w = await desk(t);
    for (const d of [w.driver, w.driver2]) {
      await t.request("/greer/api/drivers/availability", put(d.token, { isAvailable: false }));
    }
    const seen = await auditIds(t);
    const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, name: "Rosa", ...ride });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "No drivers are currently available. Please try again later." });
    const es = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride }, "es");
    expect(es.status).toBe(409);
    expect(await es.json()).toEqual(await (await ownRequest(t, w.rider.token, ride, "es")).json());
    await expectNoTrace(t, NEW_NUMBER);
    expect(await auditsSince(t, seen)).toEqual([]);
  });

  it("automatic dispatch with nothing that fits: 409 naming the wait, nothing stored; a fit plans it and texts at once", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const set = await t.request("/greer/api/admin/settings", put(w.admin.token, { dispatchMode: "automatic" }));
    expect(set.status).toBe(200);
    const before = t.clock.now();
    const seen = await auditIds(t);
    const refused = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "No shuttle can pick you up within 15 minutes. Try again soon or book for later.",
    });
    await expectNoTrace(t, NEW_NUMBER);
    expect(await auditsSince(t, seen)).toEqual([]);

    const made = await createVehicle(t.kv, "greer", { name: "Van", seats: 8, wheelchairSpaces: 1 }, "test", before);
    if (!made.ok) throw new Error(made.reason);
    await drive(t, w.driver.token, made.vehicle.id, CENTRE);
    const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.ride).toMatchObject({ status: "accepted", vehicleId: made.vehicle.id });
    await waitFor(() => t.sms.sent.filter((m) => m.to === NEW_NUMBER).length >= 2, "the rider's texts");
    const texts = t.sms.sent.filter((m) => m.to === NEW_NUMBER).map((m) => m.body);
    // As after the rider's own request: who is coming and when, then (the van is 300 m away) that it is close.
    expect(texts[0]).toMatch(/^City of Greer: your shuttle \(Van\) will pick you up at about /);
    expect(texts.slice(1)).toEqual(["City of Greer: your shuttle is about 2 min away. Please head to the pickup."]);
  });

  it("the rider's text is in their own language", async () => {
    using t = await makeApp();
    const w = await desk(t);
    await t.request("/api/users/profile", put(w.rider.token, { language: "es" }));
    const res = await book(t, w.dispatcher.token, { phoneNumber: "8645550142", ...ride });
    expect(res.status).toBe(201);
    const { ride: made } = await res.json();
    expect((await move(t, w.driver.token, made.id, "accepted")).status).toBe(200);
    const riderTexts = () => t.sms.sent.filter((m) => m.to === "8645550142" && m.body.startsWith("City of Greer"));
    await waitFor(() => riderTexts().length > 0, "the rider's text");
    const texts = riderTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatch(/aceptó su viaje/);
  });

  it("a blocked person is refused as their own request is (403), and the booking writes nothing", async () => {
    using t = await makeApp();
    const w = await desk(t);
    await setBlocked(t.kv, { tenant: "greer", userId: w.rider.user.id, blocked: true, by: w.admin.user.id, now: 0 });
    const seen = await auditIds(t);
    const res = await book(t, w.dispatcher.token, { phoneNumber: "8645550142", ...ride });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Your access to this service has been suspended." });
    const own = await requestRide(t, w.rider.token, ride);
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ error: "Your access to this service has been suspended." });
    expect(await auditsSince(t, seen)).toEqual([]);
  });

  it("a number the tenant holds a block against (the blocked person deleted their account) is refused, nothing made", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const blocked = await t.request(
      `/greer/api/users/${w.rider.user.id}/blocked`,
      { ...post(w.admin.token, { blocked: true }), method: "PUT" },
    );
    expect(blocked.status).toBe(200);
    const deleted = await t.request("/api/users/me", {
      ...post(w.rider.token, { phoneLastFour: "0142" }),
      method: "DELETE",
    });
    expect(deleted.status).toBe(204);
    const seen = await auditIds(t);
    const res = await book(t, w.dispatcher.token, { phoneNumber: "8645550142", ...ride });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Your access to this service has been suspended." });
    await expectNoTrace(t, "8645550142");
    expect(await auditsSince(t, seen)).toEqual([]);
  });

  it("the request's own rules: a place outside the area, passengers, a note; each the rider's answer", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const bodies = [
      { ...ride, pickup: OUTSIDE },
      { ...ride, passengerCt: 0 },
      { ...ride, pickupPlaceId: "01ARZ3NDEKTSV4RRFFQ69G5FAV", pickup: undefined },
      { ...ride, note: 5 },
      { ...ride, needs: ["jetpack"] },
    ];
    for (const body of bodies) {
      const res = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...body });
      const own = await requestRide(t, w.rider2.token, body);
      expect(res.status, JSON.stringify(body)).toBe(own.status);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(await own.json());
    }
    await expectNoTrace(t, NEW_NUMBER);
  });

  it("the number as sign-in reads it: 10 digits, and only numbers the tenant may text", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const bad = await book(t, w.dispatcher.token, { phoneNumber: "555-0199", ...ride });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Please enter a valid 10-digit phone number" });
    const missing = await book(t, w.dispatcher.token, { ...ride });
    expect(missing.status).toBe(400);
    // Jamaica (876): a +1 number abroad, not texted unless a super admin lets the tenant.
    const abroad = await book(t, w.dispatcher.token, { phoneNumber: "8765550199", ...ride });
    expect(abroad.status).toBe(400);
    expect(await abroad.json()).toEqual({ error: "Hopper can only text US and Canadian mobile or landline numbers" });
    await expectNoTrace(t, "8765550199");
  });

  it("at most BOOKINGS_PER_HOUR an hour per dispatcher, counted in KV: 429 then, another dispatcher unaffected", async () => {
    using t = await makeApp();
    const w = await desk(t);
    for (let i = 0; i < BOOKINGS_PER_HOUR - 1; i++) {
      await hitRateLimit(t.kv, {
        bucket: "dispatch_bookings",
        subject: w.dispatcher.user.id,
        limit: BOOKINGS_PER_HOUR,
        windowMs: 60 * MIN,
        now: t.clock.now(),
      });
    }
    const last = await book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, ...ride });
    expect(last.status).toBe(201);
    const over = await book(t, w.dispatcher.token, { phoneNumber: "8645550198", ...ride });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect(await over.json()).toEqual({
      error: `You can book ${BOOKINGS_PER_HOUR} rides an hour for riders. Please try again later.`,
    });
    await expectNoTrace(t, "8645550198");
    const byAdmin = await book(t, w.admin.token, { phoneNumber: "8645550198", ...ride });
    expect(byAdmin.status).toBe(201);
  });
});

describe("POST /{t}/api/dispatch/bookings: at once", () => {
  it("two dispatchers booking the same new number at once: one person, one ride, the other 409", async () => {
    using t = await makeApp();
    const w = await desk(t);
    const answers = await Promise.all([
      book(t, w.dispatcher.token, { phoneNumber: NEW_NUMBER, name: "Rosa", ...ride }),
      book(t, w.admin.token, { phoneNumber: NEW_NUMBER, name: "Rose", ...ride }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(await lost.json()).toEqual({ error: "You already have an active ride." });
    const id = await findUserIdByPhone(t.kv, NEW_NUMBER);
    const rides = [];
    for await (const e of t.kv.list({ prefix: ["rides_by_rider", "greer", id!] })) rides.push(e.key);
    expect(rides).toHaveLength(1);
    expect((await listAudit(t.kv, "greer")).filter((a) => a.action === "user.added" && a.target === id))
      .toHaveLength(1);
  });
});

describe("POST /{t}/api/dispatch/bookings: who may", () => {
  it("refuses riders and drivers with 403 and books nothing; admins may", async () => {
    using t = await makeApp();
    const w = await desk(t);
    for (const who of [w.rider, w.driver]) {
      const res = await book(t, who.token, { phoneNumber: NEW_NUMBER, ...ride });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - dispatcher privileges required" });
    }
    await expectNoTrace(t, NEW_NUMBER);
    expect((await book(t, w.admin.token, { phoneNumber: NEW_NUMBER, ...ride })).status).toBe(201);
  });
});
