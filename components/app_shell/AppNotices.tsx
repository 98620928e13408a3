/**
 * The installed app's notices on the rider and driver screens,
 * a chunk of its own that each screen asks for after its first paint (the
 * rider's first load is within bytes of its budget):
 *
 * - "You're offline. We'll reconnect when you have a signal." while the
 *   browser has no network, or the screen came from the service worker's
 *   cache and its socket has not connected since; the socket keeps retrying
 *   with the usual backoff (browser/live_connection.ts), at once when the
 *   browser says the network is back.
 * - "A new version is ready – Reload" when a new release's worker waits.
 * - The install hint where the browser offers `beforeinstallprompt`, from
 *   the second visit on (a page the worker controls): Install, or Not now
 *   (remembered on this device), at the end of the page.
 */
import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { useT } from "../texts.tsx";
import { useInstallOffer, useNewVersion, useOffline } from "./use_app_shell.ts";

/** `connected`: the screen's live socket is open (it proves the signal is back). */
export default function AppNotices({ connected }: { connected: boolean }) {
  const t = useT();
  const online = !useOffline(connected);
  const update = useNewVersion();
  const offer = useInstallOffer();
  return (
    <>
      {!online && (
        <p className="notice notice--warning app-notice" role="status">
          {t("You're offline. We'll reconnect when you have a signal.")}
        </p>
      )}
      {update && (
        <div className="notice app-notice" role="status">
          <span className="app-notice__text">{t("A new version is ready")}</span>
          <button type="button" className="button" onClick={update.reload}>{t("Reload")}</button>
        </div>
      )}
      {offer && online && atTheEnd(
        <div className="notice app-notice app-notice--install">
          <span className="app-notice__text">{t("Add this app to your home screen to open it with one tap.")}</span>
          <span className="app-notice__actions">
            <button type="button" className="button" onClick={offer.install}>{t("Install")}</button>
            <button type="button" className="button button--secondary" onClick={offer.dismiss}>{t("Not now")}</button>
          </span>
        </div>,
      )}
    </>
  );
}

/**
 * The install hint goes after everything else on the page (the end of <main>): Chromium offers installing about a
 * second after the screen loads, and a box appearing above the map then would push the whole screen down under the
 * person's thumb (Lighthouse measured a layout shift of 0.15 there).
 */
function atTheEnd(hint: ReactNode): ReactNode {
  const main = document.querySelector("main");
  return main ? createPortal(hint, main) : hint;
}
