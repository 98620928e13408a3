/** A language chosen on this device with the footer's switch is saved to the signed-in person's profile. */
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { getUser } from "../../browser/auth_client.ts";
import { saveDeviceLanguage } from "../../browser/language_choice.ts";

const USER = {
  id: "01USER",
  name: null,
  email: null,
  phoneNumber: "8645550142",
  photoUrl: null,
  createdAt: 0,
  tenants: [],
};
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  localStorage.setItem("authToken", "tok");
  localStorage.setItem("user", JSON.stringify(USER));
  fetchMock = vi.fn<typeof fetch>((_input, init) =>
    Promise.resolve(
      new Response(JSON.stringify({ user: { ...USER, ...JSON.parse(String(init?.body)) } }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    )
  );
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  document.cookie = "lang=; Max-Age=0; Path=/";
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("saveDeviceLanguage", () => {
  it("saves the device's choice to the profile when it differs, and keeps the answer", async () => {
    document.cookie = "lang=es; Path=/";
    await saveDeviceLanguage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect([String(url), init?.method, JSON.parse(String(init?.body))]).toEqual([
      "/api/users/profile",
      "PUT",
      { language: "es" },
    ]);
    expect(getUser()?.language).toBe("es");
    // Already the profile's: nothing more to send.
    await saveDeviceLanguage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends nothing when the device has made no choice or nobody is signed in", async () => {
    await saveDeviceLanguage();
    document.cookie = "lang=es; Path=/";
    localStorage.clear();
    await saveDeviceLanguage();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
