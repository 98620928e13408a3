/**
 * An organisation's settings: who may read and change them, each
 * field's rule, and the effects a rider or visitor notices at once: the next
 * ride request judged against the new area, the new name, the brand colour
 * on the pages.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { getTenant } from "../../kv/tenants.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { addCampus, bearer, html, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";
import { CENTRE, put, requestRide, rideWorld } from "../helpers/rides.ts";

const PATH = "/greer/api/admin/settings";

describe("organisation settings", () => {
  it("answers every field to an admin, with the defaults for what was never set", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(PATH, bearer(admin.token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      settings: {
        name: "City of Greer",
        serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
        timezone: "America/New_York",
        contactEmail: null,
        contactPhone: null,
        smsNumber: null,
        brandColor: "#1d4ed8",
        smsPerHour: 500,
        smsRegions: [],
        joinPolicy: "open",
        logoUrl: null,
        maxDaysAhead: 7,
        maxStandingRides: 5,
        noShow: { warnAt: 2, suspendAt: 3, suspendDays: 7, windowDays: 30, waitMinutes: 3 },
        dispatchMode: "drivers",
        maxWaitMinutes: 15,
        maxRideFactor: 1.5,
        maxRideExtraMinutes: 10,
        pooling: true,
      },
    });
  });

  it("changes any subset, normalised, audits it, and leaves the rest", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(
      PATH,
      put(admin.token, {
        name: "  Greer   Transit ",
        contactPhone: "(864) 555-0199",
        contactEmail: "rides@greer.example",
        brandColor: "#AA3300",
        timezone: "America/Chicago",
        smsPerHour: 80,
        joinPolicy: "invite",
        somethingElse: true,
      }),
    );
    expect(res.status).toBe(200);
    const { settings } = await res.json();
    expect(settings).toMatchObject({
      name: "Greer Transit",
      contactPhone: "8645550199",
      contactEmail: "rides@greer.example",
      brandColor: "#aa3300",
      timezone: "America/Chicago",
      smsPerHour: 80,
      joinPolicy: "invite",
      serviceArea: { label: "downtown Greer", radiusMeters: 805 },
    });
    expect(await getTenant(t.kv, "greer")).not.toHaveProperty("somethingElse");
    const [audit] = (await listAudit(t.kv, "greer")).filter((a) => a.action === "settings.changed");
    expect(audit).toMatchObject({ by: admin.user.id, target: "greer" });
    expect((audit.details.fields as string[]).sort()).toEqual(
      ["brandColor", "contactEmail", "contactPhone", "joinPolicy", "name", "smsPerHour", "timezone"],
    );
    // Emptying a contact removes it; the same values again record nothing.
    await t.request(PATH, put(admin.token, { contactEmail: "" }));
    expect((await getTenant(t.kv, "greer"))?.contactEmail).toBeNull();
    const before = (await listAudit(t.kv, "greer")).length;
    await t.request(PATH, put(admin.token, { name: "Greer Transit" }));
    expect(await listAudit(t.kv, "greer")).toHaveLength(before);
  });

  it("refuses a bad field with 400 naming it, and changes nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const area = { lat: 34.9, lng: -82.2, radiusMeters: 800, label: "the mill" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Name must be 1-80 characters"],
      [{ name: "x".repeat(81) }, "name", "Name must be 1-80 characters"],
      [{ serviceArea: "here" }, "serviceArea", "The service area needs a centre, a radius and a label"],
      [{ serviceArea: { ...area, lat: 91 } }, "serviceArea.lat", "The service area's centre needs numeric lat and lng"],
      [
        { serviceArea: { ...area, radiusMeters: 199 } },
        "serviceArea.radiusMeters",
        "The radius must be from 200 to 20,000 meters",
      ],
      [
        { serviceArea: { ...area, radiusMeters: 20_001 } },
        "serviceArea.radiusMeters",
        "The radius must be from 200 to 20,000 meters",
      ],
      [{ serviceArea: { ...area, label: " " } }, "serviceArea.label", "The area's name must be 1-80 characters"],
      [{ timezone: "Mars/Olympus" }, "timezone", "Choose a time zone from the list"],
      [{ timezone: 5 }, "timezone", "Choose a time zone from the list"],
      [{ contactEmail: "not an email" }, "contactEmail", "Please enter a valid email address"],
      [{ contactPhone: "12345" }, "contactPhone", "Please enter a valid 10-digit phone number"],
      [{ brandColor: "red" }, "brandColor", "The brand colour must be written #rrggbb"],
      [{ smsNumber: "8645550111" }, "smsNumber", "The texting number must be written +15551234567"],
      [{ smsNumber: "+448645550111" }, "smsNumber", "The texting number must be written +15551234567"],
      [{ smsNumber: 18645550111 }, "smsNumber", "The texting number must be written +15551234567"],
      [{ brandColor: "#12345" }, "brandColor", "The brand colour must be written #rrggbb"],
      [{ smsPerHour: 9 }, "smsPerHour", "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000"],
      [
        { smsPerHour: 100_001 },
        "smsPerHour",
        "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000",
      ],
      [
        { smsPerHour: 50.5 },
        "smsPerHour",
        "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000",
      ],
      [{ smsPerHour: -1 }, "smsPerHour", "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000"],
      [{ smsRegions: "PR" }, "smsRegions", "Texting regions must be codes of +1 countries such as PR or JM"],
      [{ smsRegions: ["GB"] }, "smsRegions", "Texting regions must be codes of +1 countries such as PR or JM"],
      [{ smsRegions: ["PR", 1] }, "smsRegions", "Texting regions must be codes of +1 countries such as PR or JM"],
      [{ smsRegions: [null] }, "smsRegions", "Texting regions must be codes of +1 countries such as PR or JM"],
      [
        { smsRegions: Array.from({ length: 40 }, () => "PR") },
        "smsRegions",
        "Texting regions must be codes of +1 countries such as PR or JM",
      ],
      [{ joinPolicy: "friends" }, "joinPolicy", "Who may join must be open or invite"],
      [{ joinPolicy: null }, "joinPolicy", "Who may join must be open or invite"],
      // A good field beside a bad one: nothing is written.
      [
        { name: "Fine", smsPerHour: "lots" },
        "smsPerHour",
        "Sign-in texts an hour must be 0 (none) or a whole number from 10 to 100,000",
      ],
    ];
    const stored = await getTenant(t.kv, "greer");
    for (const [body, field, error] of cases) {
      const res = await t.request(PATH, put(admin.token, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error, field });
    }
    expect(await getTenant(t.kv, "greer")).toEqual(stored);
    const spanish = await t.request(PATH, {
      ...put(admin.token, { smsPerHour: 1 }),
      headers: { ...(put(admin.token, {}).headers as Record<string, string>), "accept-language": "es" },
    });
    expect(await spanish.json()).toEqual({
      error: "Los mensajes de inicio de sesión por hora deben ser 0 (ninguno) o un número entero de 10 a 100,000",
      field: "smsPerHour",
    });
  });

  it("lets an admin stop sign-in texts with 0: a sign-in naming the tenant then gets no code", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(PATH, put(admin.token, { smsPerHour: 0 }));
    expect(res.status).toBe(200);
    expect((await res.json()).settings.smsPerHour).toBe(0);
    // The page sends every field back: a stopped tenant's settings save as they are.
    expect((await t.request(PATH, put(admin.token, { smsPerHour: 0, name: "Greer" }))).status).toBe(200);
    const sent = t.sms.sent.length;
    const login = await t.request("/api/auth/login", postJson({ phoneNumber: "8645550177", tenantCode: "greer" }));
    expect(login.status).toBe(429);
    expect(await login.json()).toEqual({
      error: "Too many verification codes requested for this service. Please try again later.",
    });
    expect(t.sms.sent.length).toBe(sent);
  });

  it("gives more than 2,000 sign-in texts an hour and texting regions to super admins only (403 naming the field)", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const boss = await superAdmin(t);
    const stored = await getTenant(t.kv, "greer");
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ smsPerHour: 2_001 }, "smsPerHour", "Only a super admin may allow more than 2,000 sign-in texts an hour"],
      [
        { name: "Fine", smsPerHour: 50_000 },
        "smsPerHour",
        "Only a super admin may allow more than 2,000 sign-in texts an hour",
      ],
      [{ smsRegions: ["PR"] }, "smsRegions", "Only a super admin may change where texts may go"],
    ];
    for (const [body, field, error] of refusals) {
      const res = await t.request(PATH, put(admin.token, body));
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(await res.json()).toEqual({ error, field });
    }
    expect(await getTenant(t.kv, "greer")).toEqual(stored);
    expect((await t.request(PATH, put(admin.token, { smsPerHour: 2_000 }))).status).toBe(200);

    const raised = await t.request(PATH, put(boss.token, { smsPerHour: 5_000, smsRegions: ["vi", "PR", "US", "PR"] }));
    expect(raised.status).toBe(200);
    expect((await raised.json()).settings).toMatchObject({ smsPerHour: 5_000, smsRegions: ["PR", "VI"] });
    const [audit] = (await listAudit(t.kv, "greer")).filter((a) => a.by === boss.user.id);
    expect((audit.details.fields as string[]).sort()).toEqual(["smsPerHour", "smsRegions"]);
    // The page sends back what a super admin gave: unchanged, it saves; a change is still theirs alone.
    const page = await t.request(
      PATH,
      put(admin.token, { name: "Greer", smsPerHour: 5_000, smsRegions: ["VI", "PR"] }),
    );
    expect(page.status).toBe(200);
    expect((await t.request(PATH, put(admin.token, { smsPerHour: 6_000 }))).status).toBe(403);
    expect((await t.request(PATH, put(admin.token, { smsRegions: [] }))).status).toBe(403);
    expect((await t.request(PATH, put(admin.token, { smsPerHour: 1_000 }))).status).toBe(200);
    expect(await getTenant(t.kv, "greer")).toMatchObject({
      name: "Greer",
      smsPerHour: 1_000,
      smsRegions: ["PR", "VI"],
    });
    const spanish = await t.request(PATH, {
      ...put(admin.token, { smsRegions: ["JM"] }),
      headers: { ...(put(admin.token, {}).headers as Record<string, string>), "accept-language": "es" },
    });
    expect(spanish.status).toBe(403);
    expect(await spanish.json()).toEqual({
      error: "Solo un superadministrador puede cambiar a dónde pueden enviarse mensajes",
      field: "smsRegions",
    });
  });

  it("keeps a texting number, E.164, to one organisation (409 naming the field), and empties it with null", async () => {
    using t = await makeApp();
    await addCampus(t);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const boss = await superAdmin(t);
    const set = await t.request(PATH, put(admin.token, { smsNumber: " +18645550111 " }));
    expect(set.status).toBe(200);
    expect((await getTenant(t.kv, "greer"))?.smsNumber).toBe("+18645550111");
    // Saving the same number again changes nothing and is let through.
    expect((await t.request(PATH, put(admin.token, { smsNumber: "+18645550111" }))).status).toBe(200);
    const taken = await t.request("/campus/api/admin/settings", put(boss.token, { smsNumber: "+18645550111" }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: "Another organization already texts from this number",
      field: "smsNumber",
    });
    expect((await getTenant(t.kv, "campus"))?.smsNumber).toBeUndefined();
    expect((await t.request(PATH, put(admin.token, { smsNumber: null }))).status).toBe(200);
    expect((await getTenant(t.kv, "greer"))?.smsNumber).toBeNull();
  });

  it("keeps riders, drivers and another tenant's admin out; a super admin may", async () => {
    using t = await makeApp();
    await addCampus(t);
    const { rider, driver } = await rideWorld(t);
    for (const who of [rider, driver]) {
      expect((await t.request(PATH, bearer(who.token))).status).toBe(403);
      const res = await t.request(PATH, put(who.token, { name: "Mine" }));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await t.request("/campus/api/admin/settings", put(admin.token, { name: "Mine" }))).status).toBe(403);
    expect((await getTenant(t.kv, "campus"))?.name).toBe("State Campus");
    const root = await superAdmin(t);
    expect((await t.request("/campus/api/admin/settings", put(root.token, { name: "State U" }))).status).toBe(200);
    expect((await getTenant(t.kv, "campus"))?.name).toBe("State U");
  });

  it("takes effect at once: the next ride is judged against the new area, the name and colour show", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    // 600 m north of the centre: inside today's 805 m circle.
    const north = { lat: CENTRE.lat + 0.0054, lng: CENTRE.lng };
    const moved = await t.request(
      PATH,
      put(admin.token, {
        name: "Greer Link",
        brandColor: "#f5c518",
        serviceArea: { ...CENTRE, radiusMeters: 400, label: "Trade Street" },
      }),
    );
    expect(moved.status).toBe(200);
    const refused = await requestRide(t, rider.token, { pickup: north, dropoff: CENTRE });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error:
        "Sorry, that location is outside our service area. Please select a location within 1 mile of Trade Street.",
    });
    expect(await (await t.request("/greer/api/tenant")).json()).toEqual({
      code: "greer",
      name: "Greer Link",
      status: "active",
      logoUrl: null,
    });

    const page = await html(await t.request("/greer/about"));
    expect(page).toContain('<meta name="theme-color" content="#f5c518">');
    expect(page).toContain('<link rel="stylesheet" href="/brand/f5c518.css">');
    expect(page).toContain("Greer Link");
    const css = await t.request("/brand/f5c518.css");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    // A yellow too light for white text: the text on it is the page's ink.
    expect(await css.text()).toBe(":root{--brand:#f5c518;--brand-ink:#0f172a}\n");
    expect(await (await t.request("/brand/1d4ed8.css")).text()).toBe(":root{--brand:#1d4ed8;--brand-ink:#ffffff}\n");
    expect((await t.request("/brand/red.css")).status).toBe(404);
  });

  it("shows the organisation's own contacts on its contact page, in both languages", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect(await html(await t.request("/greer/contact"))).not.toContain("Reach City of Greer");
    await t.request(PATH, put(admin.token, { contactPhone: "864-555-0199", contactEmail: "rides@greer.example" }));
    const page = await html(await t.request("/greer/contact"));
    expect(page).toContain("Reach City of Greer");
    expect(page).toContain('<a href="tel:+18645550199">(864) 555-0199</a>');
    expect(page).toContain('<a href="mailto:rides@greer.example">rides@greer.example</a>');
    const es = await html(await t.request("/greer/contact", { headers: { cookie: "lang=es" } }));
    expect(es).toContain("Comuníquese con City of Greer");
    expect(es).toContain("Teléfono");
    // The public site's contact page is Hopper's own, without a tenant's contacts.
    expect(await html(await t.request("/contact"))).not.toContain("rides@greer.example");
  });
});
