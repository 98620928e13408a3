import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE, DEMO_SCHEDULE } from "../../kv/seed.ts";
import { getSchedule } from "../../kv/tenants.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { put } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
const slot = (start: string, end: string) => ({ start, end });
const PATH = "/greer/api/admin/schedule";

describe("PUT /{tenant}/api/admin/schedule", () => {
  it("saves an admin's schedule, normalised, and riders read it at once", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(
      PATH,
      put(admin.token, { schedule: { "1": [slot("13:00", "17:00"), slot("08:00", "12:00")], "6": [] } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const week = { "0": [], "1": [slot("08:00", "12:00"), slot("13:00", "17:00")], "2": [], "3": [], "4": [], "5": [] };
    expect(await res.json()).toEqual({ schedule: { ...week, "6": [] }, closedDates: [] });
    expect(await (await t.request("/greer/api/schedule")).json()).toEqual({
      schedule: { ...week, "6": [] },
      closedDates: [],
    });
    expect(t.log.events.find((e) => e.event === "schedule.saved")).toMatchObject({
      tenant: "greer",
      by: admin.user.id,
      slots: 2,
    });
  });

  it("lets a super admin save without being a member", async () => {
    using t = await makeApp();
    const root = await superAdmin(t);
    const res = await t.request(PATH, put(root.token, { schedule: { "0": [slot("10:00", "14:00")] } }));
    expect(res.status).toBe(200);
    expect((await getSchedule(t.kv, "greer"))["0"]).toEqual([slot("10:00", "14:00")]);
  });

  it("refuses anyone signed out, riders, drivers and another tenant's admin, and keeps the schedule", async () => {
    using t = await makeApp();
    await addCampus(t);
    const body = { schedule: { "0": [slot("10:00", "14:00")] } };
    const anon = await t.request(PATH, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "Authentication required - please log in" });
    const rider = await signIn(t, "8645550142", "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    for (const token of [rider.token, driver.token]) {
      const res = await t.request(PATH, put(token, body));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await t.request("/campus/api/admin/schedule", put(admin.token, body))).status).toBe(403);
    expect(await getSchedule(t.kv, "greer")).toEqual(DEMO_SCHEDULE);
    expect(await getSchedule(t.kv, "campus")).toEqual({});
  });

  it("answers 400 naming the day and slot for each rule, and stores nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const cases: [unknown, string][] = [
      [{ "1": [slot("9:00", "17:00")] }, 'Monday, slot 1: the start time "9:00" is not a 24-hour time (HH:MM)'],
      [{ "2": [slot("09:00", "24:00")] }, 'Tuesday, slot 1: the end time "24:00" is not a 24-hour time (HH:MM)'],
      [
        { "3": [slot("17:00", "09:00")] },
        "Wednesday, slot 1: the end time (09:00) must be after the start time (17:00)",
      ],
      [
        { "4": [slot("09:00", "17:00"), slot("16:00", "18:00")] },
        "Thursday, slot 2 (16:00-18:00) overlaps slot 1 (09:00-17:00)",
      ],
      [
        { "5": Array.from({ length: 13 }, (_, i) => slot(`${10 + i}:00`.padStart(5, "0"), `${10 + i}:30`)) },
        "Friday has 13 time slots: at most 12 are allowed",
      ],
      [{ "7": [slot("09:00", "17:00")] }, 'Day "7" is not a day of the week: use 0 (Sunday) to 6 (Saturday)'],
      [[], "The schedule must map days 0 (Sunday) to 6 (Saturday) to lists of time slots"],
      [undefined, "The schedule must map days 0 (Sunday) to 6 (Saturday) to lists of time slots"],
    ];
    for (const [schedule, error] of cases) {
      const res = await t.request(PATH, put(admin.token, { schedule }));
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await getSchedule(t.kv, "greer")).toEqual(DEMO_SCHEDULE);
  });

  it("answers each rule in Spanish to a Spanish request, naming the day and slot in Spanish", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const cases: [unknown, string][] = [
      [
        { "1": [slot("9:00", "17:00")] },
        'Lunes, franja 1: la hora de inicio "9:00" no está en formato de 24 horas (HH:MM)',
      ],
      [
        { "2": [{ start: "09:00" }] },
        "Martes, franja 1: la hora de fin (vacío) no está en formato de 24 horas (HH:MM)",
      ],
      [
        { "3": [slot("17:00", "09:00")] },
        "Miércoles, franja 1: la hora de fin (09:00) debe ser posterior a la hora de inicio (17:00)",
      ],
      [
        { "4": [slot("09:00", "17:00"), slot("16:00", "18:00")] },
        "Jueves, franja 2 (16:00-18:00) se superpone con la franja 1 (09:00-17:00)",
      ],
      [
        { "5": Array.from({ length: 13 }, (_, i) => slot(`${10 + i}:00`.padStart(5, "0"), `${10 + i}:30`)) },
        "Viernes tiene 13 franjas horarias: se permiten 12 como máximo",
      ],
      [{ "6": "all day" }, "Sábado: las franjas horarias deben ser una lista"],
      [{ "0": [7] }, "Domingo, franja 1: una franja horaria necesita hora de inicio y de fin"],
      [[], "El horario debe asignar a cada día, de 0 (domingo) a 6 (sábado), una lista de franjas horarias"],
    ];
    for (const [schedule, error] of cases) {
      const init = put(admin.token, { schedule });
      const headers = { ...(init.headers as Record<string, string>), "accept-language": "es" };
      const res = await t.request(PATH, { ...init, headers });
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await getSchedule(t.kv, "greer")).toEqual(DEMO_SCHEDULE);
  });

  it("refuses a body that is not JSON (415) or too large (413)", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const text = await t.request(PATH, bearer(admin.token, { method: "PUT", body: "schedule" }));
    expect(text.status).toBe(415);
    const big = await t.request(PATH, put(admin.token, { schedule: {}, padding: "x".repeat(20_000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "Request is too large" });
  });
});
