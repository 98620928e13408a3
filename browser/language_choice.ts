/**
 * Keeps the person's language the same on every device. The
 * `lang` cookie is this device's choice, which the server renders pages by;
 * the profile's `language` is the person's, which follows them:
 * - signing in on a device that has no choice yet takes the profile's (the
 *   verify answer sets the cookie: routes/api/auth.ts);
 * - a choice made on this device with the footer's switch (a plain link, no
 *   script, so it cannot tell the server who you are) is saved to the profile
 *   the next time a signed-in page loads.
 */
import { type Lang, LANG_COOKIE, langFromCookie } from "../lib/i18n/lang.ts";
import { api, getToken, getUser, saveAuth, type SignedInUser } from "./auth_client.ts";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function setLangCookie(lang: Lang): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/** On a signed-in page: the device's choice, when it differs from the profile's, becomes the profile's. */
export async function saveDeviceLanguage(): Promise<void> {
  const chosen = langFromCookie(document.cookie);
  const user = getUser();
  if (!chosen || !user || user.language === chosen) return;
  try {
    const { user: saved } = await api<{ user: SignedInUser }>("/api/users/profile", {
      method: "PUT",
      body: { language: chosen },
    });
    saveAuth(getToken(), saved);
  } catch {
    // Tried again on the next page.
  }
}
