/**
 * The installed app's notices on the rider and driver screens,
 * in English and in Spanish with the texts their islands are given: the
 * offline notice while the page came from the worker's cache and the socket
 * has not connected, or while the browser has no network; the install hint
 * where the browser offers it, with Install and a remembered "Not now".
 * The worker itself and the new-version prompt: tests/e2e/installable.test.ts.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import AppNotices from "../../components/app_shell/AppNotices.tsx";
import { INSTALL_HINT_DISMISSED_KEY, listenForInstallOffer } from "../../components/app_shell/use_app_shell.ts";
import { inLanguage } from "../helpers/in_language.tsx";

const OFFLINE = {
  en: "You're offline. We'll reconnect when you have a signal.",
  es: "Está sin conexión. Volveremos a conectarnos cuando tenga señal.",
};

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute("data-offline");
  localStorage.clear();
  vi.restoreAllMocks();
});

/** Chrome's install offer, as the browser fires it. */
function offerInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: "accepted" }),
  });
  act(() => void dispatchEvent(event));
  return { event, prompt };
}

describe("the offline notice", () => {
  it.each(["en", "es"] as const)("shows on a page served from the cache until the socket connects (%s)", (lang) => {
    document.documentElement.setAttribute("data-offline", "");
    const view = render(inLanguage(lang, "RiderScreen", <AppNotices connected={false} />));
    expect(screen.getByRole("status").textContent).toBe(OFFLINE[lang]);
    view.rerender(inLanguage(lang, "RiderScreen", <AppNotices connected />));
    expect(screen.queryByText(OFFLINE[lang])).toBeNull();
    expect(document.documentElement.hasAttribute("data-offline")).toBe(false);
  });

  it("shows while the browser says there is no network, and goes when it is back", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(inLanguage("en", "DriverScreen", <AppNotices connected={false} />));
    expect(screen.getByText(OFFLINE.en)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void dispatchEvent(new Event("online")));
    expect(screen.queryByText(OFFLINE.en)).toBeNull();
  });

  it("is not shown on a page the network served", () => {
    render(inLanguage("en", "RiderScreen", <AppNotices connected={false} />));
    expect(screen.queryByText(OFFLINE.en)).toBeNull();
  });
});

/** A return visit: the app's worker controls the page. */
function controlled() {
  Object.defineProperty(navigator, "serviceWorker", {
    value: { controller: {}, ready: new Promise(() => {}) },
    configurable: true,
  });
  // The notices' chunk starts listening as it runs, on a return visit.
  listenForInstallOffer();
}

describe("the install hint", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("is not offered on a first visit, before the app's worker controls the page", () => {
    render(inLanguage("en", "RiderScreen", <AppNotices connected />));
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();
  });

  it("appears where the browser offers to install, and Install opens the browser's own prompt", () => {
    controlled();
    render(inLanguage("en", "RiderScreen", <AppNotices connected />));
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();
    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText("Add this app to your home screen to open it with one tap.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Install" }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();
  });

  it("remembers 'Ahora no' on this device and is not offered again", () => {
    controlled();
    const first = render(inLanguage("es", "DriverScreen", <AppNotices connected />));
    offerInstall();
    fireEvent.click(screen.getByRole("button", { name: "Ahora no" }));
    expect(screen.queryByRole("button", { name: "Instalar" })).toBeNull();
    expect(localStorage.getItem(INSTALL_HINT_DISMISSED_KEY)).not.toBeNull();
    first.unmount();

    render(inLanguage("es", "DriverScreen", <AppNotices connected />));
    offerInstall();
    expect(screen.queryByRole("button", { name: "Instalar" })).toBeNull();
  });
});
