/**
 * Ride alerts on this device (web push): the browser's permission, a subscription made with the server's VAPID key
 * (GET /api/push/key) on the tenant's service worker, and handed to the server as it is (POST /api/users/me/push).
 * Whether the offer was answered on this device is kept in localStorage, so it is made once.
 */

/** Set once the person answered the offer on this device (turned alerts on, or "Not now"). */
export const PUSH_OFFER_KEY = "rideAlertsOffered";

/** The offer is due: this browser can push, has not been asked, and the person has not answered it here. */
export function pushOfferDue(): boolean {
  try {
    if (localStorage.getItem(PUSH_OFFER_KEY) !== null) return false;
  } catch {
    return false;
  }
  return "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis &&
    Notification.permission === "default";
}

export function answerPushOffer(): void {
  try {
    localStorage.setItem(PUSH_OFFER_KEY, "1");
  } catch {
    // Storage refused (private mode): the offer is gone for this page at least.
  }
}

export type AlertsResult = "on" | "blocked";

/** How long Turn on alerts waits for the tenant's service worker to be active. */
const WORKER_WAIT_MS = 30_000;

/** Asks the browser's permission, subscribes and hands the subscription to the server; throws when that fails. */
export async function turnOnAlerts(): Promise<AlertsResult> {
  if (await Notification.requestPermission() !== "granted") return "blocked";
  const { publicKey } = await call<{ publicKey: string }>("GET", "/api/push/key");
  // The worker installs a few seconds after the page registers it; one that never comes fails the offer, not hangs it.
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error("no service worker")), WORKER_WAIT_MS)),
  ]);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await call("POST", "/api/users/me/push", subscription.toJSON());
  return "on";
}

/**
 * The two calls, with the stored session's token (browser/auth_client.ts keeps it). Plain fetch rather than that
 * module's api(): importing it here would split the sign-in code into a chunk of its own, and the login and rider
 * pages would each load one more file.
 */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${localStorage.getItem("authToken") ?? ""}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  return await res.json() as T;
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64Url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
