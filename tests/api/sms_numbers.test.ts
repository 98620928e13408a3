/**
 * Numbers Hopper texts (SMS pumping: texts to premium-rate or foreign
 * numbers on the organisation's bill): a sign-in code goes only to a US or
 * Canadian mobile or fixed-line number, or to one of the +1 regions a super
 * admin allowed the tenant named; ride texts keep to the ride's tenant's
 * regions. Numbers are judged by libphonenumber (lib/textable.ts).
 */
import { describe, expect, it } from "vitest";
import { updateTenant } from "../../kv/tenants.ts";
import { makeApp, postJson, sentCode } from "../helpers/app.ts";
import { delay, waitFor } from "../helpers/live.ts";
import { put, requestRide, rideWorld } from "../helpers/rides.ts";

const NOT_TEXTABLE = "Hopper can only text US and Canadian mobile or landline numbers";
const login = (t: Awaited<ReturnType<typeof makeApp>>, phoneNumber: string, tenantCode?: string, lang?: string) =>
  t.request("/api/auth/login", {
    ...postJson({ phoneNumber, tenantCode }),
    headers: { "content-type": "application/json", ...(lang ? { cookie: `lang=${lang}` } : {}) },
  });

describe("sign-in codes", () => {
  it("are refused (400, nothing sent, nothing counted) to premium-rate, toll-free and Caribbean numbers", async () => {
    using t = await makeApp();
    const refused = ["9005550142", "(900) 234-5678", "8005550100", "8765550142", "809-555-0142", "2423570142"];
    for (const phone of refused) {
      const res = await login(t, phone, "greer");
      expect(res.status, phone).toBe(400);
      expect(await res.json(), phone).toEqual({ error: NOT_TEXTABLE });
    }
    expect(t.sms.sent).toEqual([]);
    const counted = [];
    for await (const e of t.kv.list({ prefix: ["rate_limits"] })) counted.push(e.key);
    expect(counted).toEqual([]);
    const es = await login(t, "8765550142", undefined, "es");
    expect(await es.json()).toEqual({
      error: "Hopper solo puede enviar mensajes a celulares y teléfonos fijos de EE. UU. y Canadá",
    });
  });

  it("go to US and Canadian numbers", async () => {
    using t = await makeApp();
    for (const phone of ["8645550142", "4165550123"]) {
      expect((await login(t, phone, "greer")).status, phone).toBe(200);
      expect(t.sms.sent.at(-1)?.to).toBe(phone);
    }
  });

  it("go to a region the tenant named may text, and only for sign-ins naming it; premium-rate never", async () => {
    using t = await makeApp();
    await updateTenant(t.kv, "greer", (g) => ({ ...g, smsRegions: ["JM"] }));
    expect((await login(t, "8765550142", "greer")).status).toBe(200);
    expect(t.sms.sent.at(-1)?.to).toBe("8765550142");
    expect((await login(t, "8765550143")).status).toBe(400);
    expect((await login(t, "8765550144", "nowhere")).status).toBe(400);
    expect((await login(t, "8095550142", "greer")).status).toBe(400);
    expect((await login(t, "9005550142", "greer")).status).toBe(400);
  });
});

describe("ride texts", () => {
  it("keep to the ride's tenant's regions, whatever tenant let the rider sign in", async () => {
    using t = await makeApp();
    const { driver } = await rideWorld(t);
    await updateTenant(t.kv, "greer", (g) => ({ ...g, smsRegions: ["JM"] }));
    // Signed in at greer's login page, which names greer.
    expect((await login(t, "8765550142", "greer")).status).toBe(200);
    const verify = await t.request(
      "/api/auth/verify",
      postJson({ phoneNumber: "8765550142", code: sentCode(t, "8765550142"), tenantCode: "greer" }),
    );
    const rider = await verify.json();
    const textsTo = () => t.sms.sent.filter((m) => m.to === "8765550142" && m.body.startsWith("City of Greer: "));
    const asked = await requestRide(t, rider.token);
    expect(asked.status, await asked.clone().text()).toBe(201);
    const first = (await asked.json()).ride;
    await t.request(`/greer/api/rides/${first.id}`, put(driver.token, { status: "accepted" }));
    await waitFor(() => textsTo().length >= 1, "the accepted text");
    const cancelled = await t.request(`/greer/api/rides/${first.id}`, put(driver.token, { status: "canceled" }));
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    // A super admin takes Jamaica away: the next ride's texts are not sent.
    await updateTenant(t.kv, "greer", (g) => ({ ...g, smsRegions: [] }));
    const before = textsTo().length;
    const second = (await (await requestRide(t, rider.token)).json()).ride;
    await t.request(`/greer/api/rides/${second.id}`, put(driver.token, { status: "accepted" }));
    await waitFor(() => t.log.events.some((e) => e.event === "rider.not_textable"), "the skipped texts");
    await delay(50);
    expect(textsTo().length).toBe(before);
    expect(t.log.events.find((e) => e.event === "rider.not_textable")).toMatchObject({
      tenant: "greer",
      rideId: second.id,
    });
  });
});

describe("per-address limits", () => {
  it("count every IPv6 address of one /64 as one address: 30 codes an hour, then 429", async () => {
    using t = await makeApp();
    const address = (i: number) => `2001:db8:77:1:${(i + 1).toString(16)}::${i.toString(16)}`;
    for (let i = 0; i < 30; i++) {
      const res = await t.request("/api/auth/login", postJson({ phoneNumber: `86455${60000 + i}` }), address(i));
      expect(res.status, address(i)).toBe(200);
    }
    const refused = await t.request(
      "/api/auth/login",
      postJson({ phoneNumber: "8645570000" }),
      "2001:db8:77:1:ffff::1",
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "Too many verification codes requested from your network. Please try again later.",
    });
    // The next /64 is another network.
    const other = await t.request("/api/auth/login", postJson({ phoneNumber: "8645570001" }), "2001:db8:77:2::1");
    expect(other.status).toBe(200);
  });

  it("group the address a trusted proxy wrote the same way", async () => {
    using t = await makeApp({ TRUST_PROXY: "true" });
    const via = (phone: string, client: string) =>
      t.request("/api/auth/login", {
        ...postJson({ phoneNumber: phone }),
        headers: { "content-type": "application/json", "x-forwarded-for": client },
      });
    for (let i = 0; i < 30; i++) expect((await via(`86455${61000 + i}`, `2001:db8:88:1::${i + 1}`)).status).toBe(200);
    expect((await via("8645571000", "2001:db8:88:1:abcd::9")).status).toBe(429);
    expect((await via("8645571001", "198.51.100.9")).status).toBe(200);
  });
});
