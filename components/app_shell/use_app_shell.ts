/**
 * The installed app's state on the rider and driver screens, for
 * AppNotices: whether the phone has a signal, whether a new release's service
 * worker waits, and whether the browser offers to install the app.
 * Browser-only: everything starts in effects.
 */
import { useEffect, useState } from "react";

/** Where the person said "Not now" to the install hint (this device, every tenant): it is not offered again. */
export const INSTALL_HINT_DISMISSED_KEY = "installHintDismissed";

/** How often an open screen (a driver's, all day) asks whether a new release is out. */
export const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * True while the screen has no signal: the browser says it has no network (navigator.onLine), or the page came
 * from the service worker's cache because the network failed (`<html data-offline>`, browser/service_worker.ts)
 * and the screen's live socket has not connected since. A dropped signal often leaves navigator.onLine true.
 */
export function useOffline(connected: boolean): boolean {
  const [noNetwork, setNoNetwork] = useState(false);
  const [fromCache, setFromCache] = useState(false);
  useEffect(() => {
    setFromCache(document.documentElement.hasAttribute("data-offline"));
    const read = () => setNoNetwork(!navigator.onLine);
    read();
    addEventListener("online", read);
    addEventListener("offline", read);
    return () => {
      removeEventListener("online", read);
      removeEventListener("offline", read);
    };
  }, []);
  useEffect(() => {
    if (!connected) return;
    setFromCache(false);
    document.documentElement.removeAttribute("data-offline");
  }, [connected]);
  return noNetwork || (fromCache && !connected);
}

/**
 * A new release's worker, installed and waiting while this page runs the old one; `reload` hands over to it and
 * loads the page again once it controls the page. Null while there is none.
 */
export function useNewVersion(): { reload(): void } | null {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Only an update waits behind a worker that already controls the page; the first install just starts.
    const check = (reg: ServiceWorkerRegistration) => {
      if (live && reg.waiting && container.controller) setWaiting(reg.waiting);
    };
    const watch = (reg: ServiceWorkerRegistration, worker: ServiceWorker | null) =>
      worker?.addEventListener("statechange", () => worker.state === "installed" && check(reg));
    container.ready.then((reg) => {
      if (!live) return;
      check(reg);
      watch(reg, reg.installing);
      reg.addEventListener("updatefound", () => watch(reg, reg.installing));
      timer = setInterval(() => reg.update().catch(() => {}), UPDATE_CHECK_MS);
    });
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (!waiting) return null;
  return {
    reload() {
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
      waiting.postMessage({ type: "skip-waiting" });
    },
  };
}

/** Chrome's install offer (not in the DOM's types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<unknown>;
}

/** The offer once Chromium made it, and the hints waiting for it. */
let offered: InstallPromptEvent | null = null;
const waiting = new Set<(offer: InstallPromptEvent) => void>();

/**
 * Listens for the install offer as soon as this chunk runs, which the rider and driver screens ask for as they
 * start: Chromium fires it once, early, and only to a page that listened by then. Only on a return visit (a page
 * the app's worker controls): a listener sets Chromium's installability checks going at once, and on a first visit
 * they cost the screen's first seconds a lot of main thread (Lighthouse's blocking time on /greer/rider went from
 * about 1 s to 4 s). This module runs only in the browser (AppNotices is lazy, behind the Guard), never on the server.
 */
export function listenForInstallOffer(): void {
  if (!navigator.serviceWorker?.controller || readDismissed()) return;
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    for (const show of waiting) show(offered);
  });
}
if (typeof document !== "undefined") listenForInstallOffer();

/**
 * The browser's offer to install the app (`beforeinstallprompt`), kept for the hint's Install button, from the
 * second visit on; null where the browser makes none, once used or installed, and for good once the person said
 * "Not now".
 */
export function useInstallOffer(): { install(): void; dismiss(): void } | null {
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    if (readDismissed()) return;
    if (offered) setOffer(offered);
    const installed = () => setOffer(null);
    waiting.add(setOffer);
    addEventListener("appinstalled", installed);
    return () => {
      waiting.delete(setOffer);
      removeEventListener("appinstalled", installed);
    };
  }, []);
  if (!offer) return null;
  const done = () => {
    offered = null;
    setOffer(null);
  };
  return {
    install() {
      done();
      offer.prompt().catch(() => {});
    },
    dismiss() {
      done();
      try {
        localStorage.setItem(INSTALL_HINT_DISMISSED_KEY, "1");
      } catch {
        // Storage refused (private mode): the hint is gone for this page at least.
      }
    },
  };
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_HINT_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}
