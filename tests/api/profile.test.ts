import { describe, expect, it } from "vitest";
import { bearer, makeApp, signIn } from "../helpers/app.ts";

const PHONE = "8645550142";
const put = (token: string, body: unknown) =>
  bearer(token, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("/api/users/profile", () => {
  it("answers the signed-in user's profile with tenants", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE, "greer");
    const res = await t.request("/api/users/profile", bearer(token));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toEqual(user);
  });

  it("saves a trimmed name and email and answers the new user", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE, "greer");
    const res = await t.request(
      "/api/users/profile",
      put(token, { name: "  Ada Lovelace ", email: " ada@example.org " }),
    );
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.org", phoneNumber: PHONE });
    expect(user.tenants).toEqual([{ code: "greer", name: "City of Greer", roles: ["rider"] }]);
    // A field left out stays; an empty one clears.
    const again = await (await t.request("/api/users/profile", put(token, { email: "" }))).json();
    expect(again.user).toMatchObject({ name: "Ada Lovelace", email: null });
  });

  it("refuses a bad email, an oversized name and a photo URL with 400, changing nothing", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE);
    await t.request("/api/users/profile", put(token, { name: "Ada" }));
    const cases: [unknown, string][] = [
      [{ email: "not-an-email" }, "Please enter a valid email address"],
      [{ name: "x".repeat(81) }, "Name must be at most 80 characters"],
      [{ name: 5 }, "Name must be text"],
      [
        { photoUrl: "https://evil.example/x.png" },
        "Upload a new photo with Upload New Photo; photoUrl can only be removed (null) here",
      ],
    ];
    for (const [body, error] of cases) {
      const res = await t.request("/api/users/profile", put(token, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect((await (await t.request("/api/users/profile", bearer(token))).json()).user.name).toBe("Ada");
  });

  it("needs a signed-in user", async () => {
    using t = await makeApp();
    expect((await t.request("/api/users/profile", { method: "PUT", body: "{}" })).status).toBe(401);
  });
});
