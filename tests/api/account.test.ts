/**
 * "Delete my account" (DELETE /api/users/me) and "Download my data"
 * (GET /api/users/me/export). Deletion revokes sessions and closes sockets,
 * cancels active rides (drivers hear it live), anonymises history and frees
 * the phone; the export holds exactly that person's data and nobody else's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { savePhoto } from "../../kv/photos.ts";
import { getOptOut, recordOptOut } from "../../kv/sms_opt_outs.ts";
import { listAudit } from "../../kv/audit.ts";
import { liveStats } from "../../live/hub.ts";
import type { Ride } from "../../lib/rides.ts";
import { addCampus, bearer, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";
import { LiveClient, serve, waitFor } from "../helpers/live.ts";
import { move, put, requestRide, rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

const photo = await Deno.readFile(new URL("../fixtures/photo.webp", import.meta.url));

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** The app, served on loopback for sockets. */
async function setup() {
  const t = await makeApp();
  const server = serve(t.app);
  const clients: LiveClient[] = [];
  cleanups.push(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
    await server.stop();
    t.kv.close();
  });
  const open = async (kind: "riders" | "drivers", token: string) => {
    const client = new LiveClient(server.ws(`/greer/ws/${kind}?token=${encodeURIComponent(token)}`));
    clients.push(client);
    if (!await client.opened) throw new Error(`${kind} socket did not open`);
    return client;
  };
  return { t, open };
}

const deleteMe = (t: TestApp, token: string, body: unknown = { phoneLastFour: "0142" }) =>
  t.request("/api/users/me", bearer(token, { ...postJson(body), method: "DELETE" }));

const exportOf = (t: TestApp, token: string) => t.request("/api/users/me/export", bearer(token));

/** A ride requested by `rider`, taken by `driver` all the way to completed. */
async function completedRide(t: TestApp, rider: string, driver: string, body: Record<string, unknown> = {}) {
  const { ride } = await (await requestRide(t, rider, body)).json();
  for (const status of ["accepted", "on-the-way", "arrived", "completed"]) {
    const res = await move(t, driver, ride.id, status);
    if (res.status !== 200) throw new Error(`${status} answered ${res.status}`);
  }
  return ride.id as string;
}

const stored = async (t: TestApp, id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;

async function named(t: TestApp, token: string, name: string) {
  const res = await t.request("/api/users/profile", put(token, { name, email: `${name.split(" ")[0]}@example.com` }));
  if (res.status !== 200) throw new Error(`profile answered ${res.status}`);
}

describe("DELETE /api/users/me", () => {
  it("cancels the active ride (the driver hears it live), closes sockets, anonymises history and frees the phone", async () => {
    const { t, open } = await setup();
    const w = await rideWorld(t);
    await named(t, w.rider.token, "Rita Rider");
    await savePhoto(t.kv, w.rider.user.id, { bytes: photo, contentType: "image/webp" }, t.clock.now());
    const { user } = await (await t.request("/api/users/profile", bearer(w.rider.token))).json();
    await recordOptOut(t.kv, "8645550142", t.clock.now());
    const past = await completedRide(t, w.rider.token, w.driver.token, { note: "Blue door, ring twice" });
    await t.request(
      `/greer/api/rides/${past}/feedback`,
      bearer(w.rider.token, postJson({ rating: 5, comment: "Kind" })),
    );
    const { ride: active } = await (await requestRide(t, w.rider.token)).json();
    await move(t, w.driver.token, active.id, "accepted");
    const riderSocket = await open("riders", w.rider.token);
    const driverSocket = await open("drivers", w.driver.token);

    const res = await deleteMe(t, w.rider.token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");

    // Sessions and sockets: the token is dead and the socket closed by the access doorbell.
    expect((await t.request("/api/users/profile", bearer(w.rider.token))).status).toBe(401);
    expect(await riderSocket.closed).toEqual({ code: 1008, reason: "Access revoked" });
    // The active ride was canceled first, and the driver's socket heard it.
    expect((await stored(t, active.id)).status).toBe("canceled");
    await waitFor(
      () => driverSocket.messages.some((m) => "ride" in m && m.ride.id === active.id && m.ride.status === "canceled"),
      "the driver to hear the cancel",
    );
    expect(await (await t.request("/greer/api/driver/rides", bearer(w.driver.token))).json()).toEqual([]);

    // History stays, with no name, phone, photo, note or comment.
    const kept = await stored(t, past);
    expect(kept).toMatchObject({
      status: "completed",
      riderName: null,
      riderPhone: "",
      riderPhotoUrl: null,
      riderDeleted: true,
      feedback: { rating: 5, comment: null },
    });
    expect(kept.note).toBeUndefined();
    expect(kept.completedAt).toEqual(expect.any(Number));
    const trips = await (await t.request("/greer/api/admin/rides", bearer(w.admin.token))).text();
    expect(JSON.parse(trips).find((trip: { id: string }) => trip.id === past).rider).toEqual({
      name: null,
      phoneNumber: "",
      deleted: true,
    });
    for (const gone of ["Rita Rider", "8645550142", "Blue door", "Kind"]) expect(trips).not.toContain(gone);

    // The person is gone: record, phone index, photo, membership. The opt-out stays with the number.
    expect((await t.kv.get(keys.user(w.rider.user.id))).value).toBeNull();
    expect((await t.kv.get(keys.userByPhone("8645550142"))).value).toBeNull();
    expect((await t.kv.get(keys.photo(w.rider.user.id))).value).toBeNull();
    expect((await t.request(user.photoUrl)).status).toBe(404);
    expect((await t.kv.get(keys.member("greer", w.rider.user.id))).value).toBeNull();
    const members = await (await t.request("/greer/api/users", bearer(w.admin.token))).json();
    expect(members.users.map((u: { id: string }) => u.id)).not.toContain(w.rider.user.id);
    expect(await getOptOut(t.kv, "8645550142")).not.toBeNull();
    const [audit] = (await listAudit(t.kv, "greer")).filter((a) => a.action === "account.deleted");
    expect(audit).toMatchObject({ by: w.rider.user.id, target: w.rider.user.id });
  });

  it("lets the same phone sign up again as a new person", async () => {
    using t = await makeApp();
    const first = await signIn(t, "8645550177", "greer");
    await named(t, first.token, "Old Name");
    expect((await deleteMe(t, first.token, { phoneLastFour: "0177" })).status).toBe(204);
    const again = await signIn(t, "8645550177", "greer");
    expect(again.user.id).not.toBe(first.user.id);
    const { user } = await (await t.request("/api/users/profile", bearer(again.token))).json();
    expect(user).toMatchObject({ name: null, email: null, phoneNumber: "8645550177", photoUrl: null });
    expect(user.tenants).toEqual([{ code: "greer", name: expect.any(String), roles: ["rider"] }]);
  });

  it("ends every session and leaves every organisation", async () => {
    using t = await makeApp();
    await addCampus(t);
    const here = await signIn(t, "8645550142", "greer");
    const there = await signIn(t, "8645550142", "campus");
    expect((await deleteMe(t, here.token)).status).toBe(204);
    for (const token of [here.token, there.token]) {
      expect((await t.request("/api/users/profile", bearer(token))).status).toBe(401);
    }
    expect((await t.kv.get(keys.member("campus", here.user.id))).value).toBeNull();
  });

  it("takes a driver's name and phone off the rides they drove and cancels the ride they are driving", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await named(t, w.driver2.token, "Dan Driver");
    const past = await completedRide(t, w.rider.token, w.driver2.token);
    const { ride: active } = await (await requestRide(t, w.rider.token)).json();
    await move(t, w.driver2.token, active.id, "accepted");
    await move(t, w.driver2.token, active.id, "on-the-way");

    expect((await deleteMe(t, w.driver2.token, { phoneLastFour: "0160" })).status).toBe(204);
    expect(await stored(t, past)).toMatchObject({ driverName: null, driverPhone: null, driverDeleted: true });
    expect((await stored(t, active.id)).status).toBe("canceled");
    // The rider's own details stay on their ride.
    expect((await stored(t, past)).riderPhone).toBe("8645550142");
    const trips = await (await t.request("/greer/api/admin/rides", bearer(w.admin.token))).text();
    expect(trips).not.toContain("Dan Driver");
    expect(trips).not.toContain("8645550160");
    // Riders no longer see them online.
    const online = await (await t.request("/greer/api/drivers/available", bearer(w.rider.token))).json();
    expect(online.map((d: { id: string }) => d.id)).not.toContain(w.driver2.user.id);
  });

  it("asks for the last four digits of the phone, and a refusal changes nothing", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const cases: [unknown, string][] = [
      [{}, "Type the last four digits of your phone number to confirm."],
      [{ phoneLastFour: "142" }, "Type the last four digits of your phone number to confirm."],
      [{ phoneLastFour: 142 }, "Type the last four digits of your phone number to confirm."],
      [{ phoneLastFour: "5550142" }, "Type the last four digits of your phone number to confirm."],
      [{ phoneLastFour: "0143" }, "Those digits are not the end of your phone number."],
    ];
    for (const [body, error] of cases) {
      const res = await deleteMe(t, rider.token, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    const bare = await t.request("/api/users/me", bearer(rider.token, { method: "DELETE" }));
    expect(bare.status).toBe(415);
    expect((await t.request("/api/users/profile", bearer(rider.token))).status).toBe(200);
    expect((await t.request("/api/users/me", { ...postJson({ phoneLastFour: "0142" }), method: "DELETE" })).status)
      .toBe(401);
  });

  it("answers in Spanish for a Spanish request", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const res = await t.request(
      "/api/users/me",
      bearer(rider.token, {
        ...postJson({ phoneLastFour: "0000" }),
        method: "DELETE",
        headers: { "content-type": "application/json", "accept-language": "es" },
      }),
    );
    expect(await res.json()).toEqual({ error: "Esos dígitos no son el final de su número de teléfono." });
  });

  it("refuses the last super admin with 409, and lets a super go while another remains", async () => {
    using t = await makeApp();
    const root = await superAdmin(t, "8645550150");
    const res = await deleteMe(t, root.token, { phoneLastFour: "0150" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "You are the last super admin. Make someone else a super admin before deleting your account.",
    });
    expect((await t.request("/api/users/profile", bearer(root.token))).status).toBe(200);

    const second = await superAdmin(t, "8645550151");
    expect((await deleteMe(t, root.token, { phoneLastFour: "0150" })).status).toBe(204);
    expect((await deleteMe(t, second.token, { phoneLastFour: "0151" })).status).toBe(409);
  });
});

describe("a super admin's Delete User", () => {
  it("deletes the account of someone left in no organisation, the way Delete my account does", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const root = await superAdmin(t);
    await named(t, w.rider.token, "Rita Rider");
    const past = await completedRide(t, w.rider.token, w.driver.token);
    expect((await t.request(`/greer/api/user/${w.rider.user.id}`, bearer(root.token, { method: "DELETE" }))).status)
      .toBe(200);
    expect(await stored(t, past)).toMatchObject({ riderName: null, riderPhone: "", riderDeleted: true });
    expect((await t.kv.get(keys.user(w.rider.user.id))).value).toBeNull();
    expect((await t.kv.get(keys.userByPhone("8645550142"))).value).toBeNull();
  });

  it("keeps the account of someone who still belongs to another organisation", async () => {
    using t = await makeApp();
    await addCampus(t);
    const root = await superAdmin(t);
    const both = await signIn(t, "8645550142", "greer");
    await signIn(t, "8645550142", "campus");
    expect((await t.request(`/greer/api/user/${both.user.id}`, bearer(root.token, { method: "DELETE" }))).status)
      .toBe(200);
    expect((await t.kv.get(keys.user(both.user.id))).value).not.toBeNull();
  });
});

describe("GET /api/users/me/export", () => {
  it("holds exactly that person's data: profile, memberships, rides with their times, settings", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await named(t, w.rider.token, "Rita Rider");
    await named(t, w.rider2.token, "Otto Other");
    await named(t, w.driver.token, "Dee Driver");
    await t.request(
      "/api/users/profile",
      put(w.rider.token, { language: "es", rideTexts: false, needs: ["wheelchair"] }),
    );
    await savePhoto(t.kv, w.rider.user.id, { bytes: photo, contentType: "image/webp" }, t.clock.now());
    const mine = await completedRide(t, w.rider.token, w.driver.token, { note: "Blue door", needs: [] });
    await t.request(
      `/greer/api/rides/${mine}/feedback`,
      bearer(w.rider.token, postJson({ rating: 4, comment: "Fine" })),
    );
    const theirs = await completedRide(t, w.rider2.token, w.driver.token, { note: "Otto's gate" });

    const res = await exportOf(t, w.rider.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="hopper-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({
      id: w.rider.user.id,
      name: "Rita Rider",
      email: "Rita@example.com",
      phoneNumber: "8645550142",
      superAdmin: false,
    });
    expect(data.photo).toMatch(/^data:image\/webp;base64,/);
    expect(data.settings).toEqual({ language: "es", rideTexts: false, textsWithPush: false, needs: ["wheelchair"] });
    expect(data.pushDevices).toEqual([]);
    expect(data.memberships).toEqual([
      {
        tenant: "greer",
        name: expect.any(String),
        roles: ["rider"],
        joinedAt: expect.any(Number),
        blocked: false,
        pausedUntil: null,
      },
    ]);
    expect(data.heldAgainstNumber).toEqual([]);
    expect(data.rides).toHaveLength(1);
    expect(data.rides[0]).toMatchObject({
      id: mine,
      role: "rider",
      status: "completed",
      note: "Blue door",
      feedback: { rating: 4, comment: "Fine" },
      requestedAt: expect.any(Number),
      acceptedAt: expect.any(Number),
      onTheWayAt: expect.any(Number),
      arrivedAt: expect.any(Number),
      completedAt: expect.any(Number),
    });
    // Nobody else's data: not the other rider's, not the driver's name or phone.
    for (const other of [theirs, w.rider2.user.id, "8645550143", "Otto", w.driver.user.id, "Dee Driver"]) {
      expect(text).not.toContain(other);
    }
  });

  it("gives a driver the rides they drove, without the riders' names, phones or words", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await named(t, w.rider.token, "Rita Rider");
    const driven = await completedRide(t, w.rider.token, w.driver.token, { note: "Blue door" });
    await t.request(
      `/greer/api/rides/${driven}/feedback`,
      bearer(w.rider.token, postJson({ rating: 5, comment: "Kind" })),
    );

    const text = await (await exportOf(t, w.driver.token)).text();
    const data = JSON.parse(text);
    expect(data.rides).toEqual([expect.objectContaining({ id: driven, role: "driver", feedback: expect.any(Object) })]);
    expect(data.rides[0].feedback).toEqual({ rating: 5, at: expect.any(Number) });
    expect(data.driving).toEqual([
      expect.objectContaining({ tenant: "greer", isAvailable: true, rating: { average: 5, count: 1 } }),
    ]);
    for (const other of ["Rita Rider", "8645550142", w.rider.user.id, "Blue door", "Kind"]) {
      expect(text).not.toContain(other);
    }
  });

  it("is signed in only, and limited to 5 an hour", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    expect((await t.request("/api/users/me/export")).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await exportOf(t, rider.token)).status).toBe(200);
    const refused = await exportOf(t, rider.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({
      error: "You can download your data 5 times an hour. Please try again later.",
    });
  });
});
