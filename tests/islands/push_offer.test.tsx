/**
 * "Get ride alerts on this device" in happy-dom, in English and Spanish with the texts the rider and driver screens
 * are given: not offered where the browser cannot push or was asked already; a refused permission says how to allow
 * it; a failure says to try again and leaves the offer; an answer is remembered on this device. The whole way to a
 * push on the lock screen, in Chromium: tests/e2e/web_push.test.ts.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import PushOffer from "../../components/app_shell/PushOffer.tsx";
import { PUSH_OFFER_KEY } from "../../browser/push_alerts.ts";
import { inLanguage } from "../helpers/in_language.tsx";

/** A browser that can push, whose permission prompt answers `answer`. */
function pushingBrowser(answer: NotificationPermission, permission: NotificationPermission = "default") {
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission, requestPermission: () => Promise.resolve(answer) });
  Object.defineProperty(navigator, "serviceWorker", { value: { ready: new Promise(() => {}) }, configurable: true });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the ride alerts offer", () => {
  it.each(
    [
      ["en", "Get ride alerts on this device", "Turn on alerts", "This browser blocked notifications"],
      ["es", "Recibir avisos de viajes en este dispositivo", "Activar avisos", "Este navegador bloqueó"],
    ] as const,
  )("says how to allow notifications the browser blocked, and is not made again (%s)", async (
    lang,
    title,
    button,
    blocked,
  ) => {
    pushingBrowser("denied");
    render(inLanguage(lang, "RiderScreen", <PushOffer />));
    expect(screen.getByText(title)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect((await screen.findByRole("status")).textContent).toContain(blocked);
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBe("1");
    cleanup();
    render(inLanguage(lang, "RiderScreen", <PushOffer />));
    expect(screen.queryByText(title)).toBeNull();
  });

  it("says to try again when the server refuses, and keeps the offer", async () => {
    pushingBrowser("granted");
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(Response.json({ error: "Not found" }, { status: 404 }))));
    render(inLanguage("en", "DriverScreen", <PushOffer driver />));
    expect(screen.getByText("See new ride requests and riders added to your run on your lock screen.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Turn on alerts" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Ride alerts could not be turned on. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Turn on alerts" })).toBeTruthy();
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBeNull();
  });

  it("is not made where the browser cannot push, or was already asked", () => {
    render(inLanguage("en", "RiderScreen", <PushOffer />));
    expect(screen.queryByText("Get ride alerts on this device")).toBeNull();
    cleanup();
    pushingBrowser("granted", "granted");
    render(inLanguage("en", "RiderScreen", <PushOffer />));
    expect(screen.queryByText("Get ride alerts on this device")).toBeNull();
  });

  it("remembers Not now on this device", () => {
    pushingBrowser("granted");
    render(inLanguage("en", "RiderScreen", <PushOffer />));
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByText("Get ride alerts on this device")).toBeNull();
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBe("1");
  });
});
