import { describe, expect, it } from "vitest";
import { makeApp } from "../helpers/app.ts";

describe("app", () => {
  it("serves the landing page", async () => {
    using t = await makeApp();
    const res = await t.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("On-demand shuttles for your community");
  });
});
