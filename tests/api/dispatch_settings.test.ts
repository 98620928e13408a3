/**
 * How an organisation dispatches, in its settings: the defaults a tenant
 * that never chose reads, each setting stored and read back, and every value
 * out of its bounds refused with 400 naming the field, in the admin's language.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { getTenant } from "../../kv/tenants.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { put } from "../helpers/rides.ts";

const PATH = "/greer/api/admin/settings";

describe("dispatch settings", () => {
  it("answers drivers mode, a 15-minute wait, 1.5 × the trip + 10 minutes aboard and shared rides until set", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(PATH, bearer(admin.token));
    expect(res.status).toBe(200);
    expect((await res.json()).settings).toMatchObject({
      dispatchMode: "drivers",
      maxWaitMinutes: 15,
      maxRideFactor: 1.5,
      maxRideExtraMinutes: 10,
      pooling: true,
    });
    expect(await getTenant(t.kv, "greer")).not.toHaveProperty("dispatchMode");
  });

  it("stores each setting, alone or together, audits it and answers it back", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const changes: Record<string, unknown>[] = [
      { dispatchMode: "automatic" },
      { maxWaitMinutes: 5 },
      { maxWaitMinutes: 60 },
      { maxRideFactor: 1 },
      { maxRideFactor: 3 },
      { maxRideFactor: 2.25 },
      { maxRideExtraMinutes: 0 },
      { maxRideExtraMinutes: 60 },
      { pooling: false },
      { dispatchMode: "drivers", maxWaitMinutes: 20, maxRideFactor: 1.8, maxRideExtraMinutes: 12, pooling: true },
    ];
    for (const change of changes) {
      const res = await t.request(PATH, put(admin.token, change));
      expect(res.status, JSON.stringify(change)).toBe(200);
      // A factor is kept to tenths: 2.25 reads 2.3.
      const stored = "maxRideFactor" in change && change.maxRideFactor === 2.25 ? { maxRideFactor: 2.3 } : change;
      expect((await res.json()).settings, JSON.stringify(change)).toMatchObject(stored);
      expect(await getTenant(t.kv, "greer"), JSON.stringify(change)).toMatchObject(stored);
    }
    const again = await t.request(PATH, bearer(admin.token));
    expect((await again.json()).settings).toMatchObject({
      dispatchMode: "drivers",
      maxWaitMinutes: 20,
      maxRideFactor: 1.8,
      maxRideExtraMinutes: 12,
      pooling: true,
    });
    const audits = (await listAudit(t.kv, "greer")).filter((a) => a.action === "settings.changed");
    expect(audits.some((a) => (a.details.fields as string[]).includes("dispatchMode"))).toBe(true);
    expect(audits.some((a) => (a.details.fields as string[]).includes("pooling"))).toBe(true);
  });

  it("refuses each value out of bounds with 400 naming the field, and changes nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const mode = "Dispatch must be drivers or automatic";
    const wait = "Longest wait must be a whole number from 5 to 60 minutes";
    const factor = "Ride time factor must be a number from 1 to 3";
    const extra = "Extra ride minutes must be a whole number from 0 to 60";
    const pooling = "Shared rides must be on or off";
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dispatchMode: "auto" }, "dispatchMode", mode],
      [{ dispatchMode: "Automatic" }, "dispatchMode", mode],
      [{ dispatchMode: "" }, "dispatchMode", mode],
      [{ dispatchMode: null }, "dispatchMode", mode],
      [{ dispatchMode: ["drivers"] }, "dispatchMode", mode],
      [{ maxWaitMinutes: 4 }, "maxWaitMinutes", wait],
      [{ maxWaitMinutes: 61 }, "maxWaitMinutes", wait],
      [{ maxWaitMinutes: 15.5 }, "maxWaitMinutes", wait],
      [{ maxWaitMinutes: "15" }, "maxWaitMinutes", wait],
      [{ maxWaitMinutes: null }, "maxWaitMinutes", wait],
      [{ maxRideFactor: 0.9 }, "maxRideFactor", factor],
      [{ maxRideFactor: 3.01 }, "maxRideFactor", factor],
      [{ maxRideFactor: "1.5" }, "maxRideFactor", factor],
      [{ maxRideFactor: null }, "maxRideFactor", factor],
      [{ maxRideExtraMinutes: -1 }, "maxRideExtraMinutes", extra],
      [{ maxRideExtraMinutes: 61 }, "maxRideExtraMinutes", extra],
      [{ maxRideExtraMinutes: 2.5 }, "maxRideExtraMinutes", extra],
      [{ maxRideExtraMinutes: true }, "maxRideExtraMinutes", extra],
      [{ pooling: "true" }, "pooling", pooling],
      [{ pooling: 1 }, "pooling", pooling],
      [{ pooling: null }, "pooling", pooling],
      // A good field beside a bad one: nothing is written.
      [{ dispatchMode: "automatic", maxWaitMinutes: 0 }, "maxWaitMinutes", wait],
    ];
    const stored = await getTenant(t.kv, "greer");
    for (const [body, field, error] of cases) {
      const res = await t.request(PATH, put(admin.token, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toEqual({ error, field });
    }
    expect(await getTenant(t.kv, "greer")).toEqual(stored);

    const headers = { ...(put(admin.token, {}).headers as Record<string, string>), "accept-language": "es" };
    const spanish = async (body: Record<string, unknown>) =>
      await (await t.request(PATH, { ...put(admin.token, body), headers })).json();
    expect(await spanish({ maxWaitMinutes: 90 })).toEqual({
      error: "La espera máxima debe ser un número entero de 5 a 60 minutos",
      field: "maxWaitMinutes",
    });
    expect(await spanish({ pooling: "no" })).toEqual({
      error: "Los viajes compartidos deben estar activados o desactivados",
      field: "pooling",
    });
  });
});
