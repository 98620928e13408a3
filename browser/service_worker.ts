/**
 * The service worker of a tenant, served at /{tenant}/sw.js with
 * scope /{tenant}/ (server/service_worker_source.ts writes this function's
 * source with its settings; it runs in the worker, so it imports nothing and
 * reads nothing from outside its body).
 *
 * - Install: 8 s after the page registered it, pre-caches the app shell (the tenant's rider, driver and login
 *   pages as the server renders them for anyone: the screens ask for the
 *   signed-in person's data themselves), the island bundles, the stylesheets
 *   and the map pins, in a cache named for the release.
 * - Pages: the network first (a fresh page also refreshes its cached copy),
 *   the cached page when the network fails or has not answered in 4 s.
 * - Bundles (/build/, hashed names) and the listed files: the cache first.
 * - Never cached: API calls and sockets, anything carrying a token (an
 *   Authorization header, `token` or `ticket` in the query), other origins,
 *   anything but GET. Those go to the network as if there were no worker.
 * - Push (ride alerts, lib/push.ts): shows the message as a notification, one per ride (its tag), with the tenant's
 *   icon; a tap focuses a window of the app on the ride's screen, or opens one.
 * - Updates: a new release is a new worker (its source names the release),
 *   which waits until the page asks it to take over ("A new version is ready –
 *   Reload", components/app_shell/); it then deletes the older release's cache.
 */

export interface WorkerSettings {
  /** The release: the build's hash and the shell's own, so a new build or a new shell is a new cache. */
  version: string;
  /** "/greer": the worker's scope without its last slash. */
  base: string;
  /** Pages cached at install and served when offline. */
  pages: string[];
  /** Other same-origin files cached at install. */
  files: string[];
}

/** Minimal types of the worker's scope (deno.json's libraries are the page's). */
interface WorkerScope {
  location: Location;
  registration: {
    scope: string;
    showNotification(
      title: string,
      options: { body: string; tag: string; renotify: boolean; icon: string; data: unknown },
    ): Promise<void>;
  };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WorkerWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
}
interface WorkerWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerEvent extends Event {
  request: Request;
  /** A message event's data; a push event's is a PushMessageData. */
  data?: unknown;
  /** A notificationclick's notification. */
  notification?: { data?: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
  respondWith(response: Promise<Response> | Response): void;
}

export function serviceWorker(settings: WorkerSettings): void {
  const self = globalThis as unknown as WorkerScope;
  const PREFIX = `hopper${settings.base}:`;
  const CACHE = PREFIX + settings.version;
  const PAGE_WAIT_MS = 4000;
  const INSTALL_AFTER_MS = 8000;
  const pages = new Set(settings.pages);
  const files = new Set(settings.files);

  self.addEventListener("install", (event) => {
    event.waitUntil(
      // The page that registered the worker has its first seconds to itself: keeping ~40 files (and compiling the
      // scripts among them) at once took CPU from the screen as it started, on a phone as on a busy 2-core machine.
      new Promise((resolve) => setTimeout(resolve, INSTALL_AFTER_MS)).then(() => caches.open(CACHE)).then((cache) =>
        // Pages are asked of the server afresh; hashed bundles may come from the HTTP cache, as the page loaded them.
        cache.addAll([...settings.pages.map((url) => new Request(url, { cache: "no-cache" })), ...settings.files])
      ),
    );
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches.keys()
        .then((names) =>
          Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)))
        )
        .then(() => self.clients.claim()),
    );
  });

  self.addEventListener("message", (event) => {
    if ((event.data as { type?: string } | null)?.type === "skip-waiting") void self.skipWaiting();
  });

  self.addEventListener("push", (event) => {
    const data = event.data as { json(): unknown } | null | undefined;
    let message: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
    try {
      message = (data?.json() ?? {}) as typeof message;
    } catch {
      // Not the server's JSON: nothing to show.
    }
    if (typeof message.title !== "string" || typeof message.body !== "string") return;
    // Only a screen of this tenant opens on a tap: a message cannot send the person elsewhere.
    const url = typeof message.url === "string" && message.url.startsWith(settings.base + "/")
      ? message.url
      : settings.base + "/";
    event.waitUntil(self.registration.showNotification(message.title, {
      body: message.body,
      tag: typeof message.tag === "string" ? message.tag : url,
      // One notification per ride, the newest in its place, and each one heard: "here" must not replace "accepted"
      // in silence.
      renotify: true,
      icon: `${settings.base}/icons/icon-192.png`,
      data: { url },
    }));
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification?.close();
    const path = (event.notification?.data as { url?: string } | undefined)?.url ?? settings.base + "/";
    const url = new URL(path, self.location.origin).href;
    event.waitUntil(
      self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
        const open = windows.find((w) => w.url === url) ??
          windows.find((w) => w.url.startsWith(self.registration.scope));
        if (!open) return self.clients.openWindow(url);
        // Focus first: the tap's permission to raise a window does not outlast a navigation. A browser that will not
        // raise it still takes the window to the ride.
        await open.focus().catch(() => undefined);
        if (open.url !== url) await open.navigate(url);
      }),
    );
  });

  /** What may never be kept: the person's data and anything that proves who they are. */
  const private_ = (request: Request, url: URL) =>
    request.headers.has("authorization") || url.searchParams.has("token") || url.searchParams.has("ticket") ||
    /(^|\/)(api|ws)(\/|$)/.test(url.pathname.slice(1));

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== self.location.origin || private_(request, url)) return;
    if (request.mode === "navigate") {
      if (url.pathname.startsWith(settings.base + "/")) event.respondWith(page(request, url));
      return;
    }
    if (url.pathname.startsWith("/build/") || files.has(url.pathname + url.search)) {
      event.respondWith(kept(request));
    }
  });

  /** The network's page, else (offline, or no answer in time) the page as cached. */
  async function page(request: Request, url: URL): Promise<Response> {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(url.pathname, { ignoreVary: true, ignoreSearch: true });
    const network = fetch(request).then((response) => {
      // Only a shell page, as it is (a redirect cannot stand in for a page), refreshes its copy.
      if (response.status === 200 && !response.redirected && pages.has(url.pathname)) {
        void cache.put(url.pathname, response.clone());
      }
      return response;
    });
    if (!cached) return network;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Response>((resolve) => timer = setTimeout(() => resolve(offline(cached)), PAGE_WAIT_MS));
    return Promise.race([network.catch(() => offline(cached)), late]).finally(() => clearTimeout(timer));
  }

  /**
   * The cached page, marked `<html data-offline>`: the screen then says it is offline until its socket connects
   * (components/app_shell/), which a browser's own navigator.onLine does not tell when the signal drops.
   */
  async function offline(cached: Response): Promise<Response> {
    const page = (await cached.text()).replace("<html ", '<html data-offline="" ');
    return new Response(page, { headers: { "content-type": cached.headers.get("content-type") ?? "text/html" } });
  }

  /** Hashed bundles and the shell's files: the cached copy, else the network's, kept for next time. */
  async function kept(request: Request): Promise<Response> {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.status === 200) void cache.put(request, response.clone());
    return response;
  }
}
