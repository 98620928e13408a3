/** The islands' one fetch wrapper and sign-in hooks (browser/auth_client.ts) in happy-dom. */
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  api,
  ApiError,
  apiWithHeaders,
  clearAuth,
  MissingTokenError,
  saveAuth,
  useSignedIn,
  useSignedInUser,
} from "../../browser/auth_client.ts";
import { callsTo, json, makeUser, signedInTests, signIn, stubApi, TOKEN } from "./signed_in.ts";

const loc = signedInTests();

describe("apiWithHeaders", () => {
  it("answers the body and the headers, with the bearer token", async () => {
    signIn();
    const fetchMock = stubApi({
      routes: { "GET /x": () => new Response("[1]", { headers: { "x-next-cursor": "c" } }) },
    });
    const { data, headers } = await apiWithHeaders<number[]>("/x");
    expect(data).toEqual([1]);
    expect(headers.get("x-next-cursor")).toBe("c");
    expect(new Headers(callsTo(fetchMock, "GET", "/x")[0][1]?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("throws MissingTokenError without calling when a token is required and none is stored", async () => {
    const fetchMock = stubApi();
    await expect(apiWithHeaders("/x", { requireToken: true })).rejects.toBeInstanceOf(MissingTokenError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends an anonymous call without the token and keeps the session on its 401", async () => {
    signIn();
    const fetchMock = stubApi({ routes: { "POST /api/auth/verify": () => json({ error: "Wrong code" }, 401) } });
    const call = api("/api/auth/verify", { method: "POST", body: { code: "1234" }, anonymous: true });
    await expect(call).rejects.toMatchObject({ status: 401, serverError: "Wrong code" });
    const init = callsTo(fetchMock, "POST", "/api/auth/verify")[0][1];
    expect(new Headers(init?.headers).get("authorization")).toBeNull();
    expect(localStorage.getItem("authToken")).toBe(TOKEN);
    expect(loc.assign).not.toHaveBeenCalled();
  });

  it("signs out and goes to the tenant's login page on a signed-in call's 401", async () => {
    signIn();
    stubApi({ routes: { "GET /greer/api/x": () => json({ error: "Expired" }, 401) } });
    await expect(api("/greer/api/x", { tenant: "greer" })).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(loc.assign).toHaveBeenCalledWith("/greer/login");
  });
});

function Probe() {
  const signedIn = useSignedIn();
  const user = useSignedInUser();
  return <p>{`${signedIn} ${user === undefined ? "unread" : user?.name ?? "nobody"}`}</p>;
}

describe("useSignedIn and useSignedInUser", () => {
  it("read the storage after mount and follow sign-in changes", () => {
    render(<Probe />);
    expect(screen.getByText("false nobody")).toBeDefined();
    act(() => saveAuth(TOKEN, makeUser({ name: "Grace" })));
    expect(screen.getByText("true Grace")).toBeDefined();
    act(() => clearAuth());
    expect(screen.getByText("false nobody")).toBeDefined();
  });
});
