/** Keeps the screen on while `on` (Wake Lock API, where the browser has it); taken again when the tab returns. */
import { useEffect } from "react";

export function useWakeLock(on: boolean): void {
  useEffect(() => {
    if (!on || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      navigator.wakeLock.request("screen").then(
        (sentinel) => {
          if (live) lock = sentinel;
          else sentinel.release().catch(() => {});
        },
        // Refused (battery saver, no user gesture yet): the screen just sleeps as usual.
        () => {},
      );
    };
    take();
    document.addEventListener("visibilitychange", take);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", take);
      lock?.release().catch(() => {});
    };
  }, [on]);
}
