/**
 * A real push service on loopback for tests: the `web-push-testing` package's server (an Express app), run in this
 * process. A test device subscribes with the app's VAPID key and gets an http://localhost endpoint (accepted on a
 * local start); the service checks each message's VAPID signature, decrypts it (RFC 8291) with the device's own
 * private key and keeps the plain text for the test to read back; `expire` makes the endpoint answer 410.
 */
import TestingServer from "web-push-testing/src/server.js";
import { PushApiModel } from "web-push-testing/src/PushApiModel.js";

/** A subscribed test device: the subscription JSON a browser hands over, and the service's name for it. */
export interface TestDevice {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  clientHash: string;
}

export async function startPushService() {
  const model = new PushApiModel();
  const server = new TestingServer(model, 0);
  // Listening on a free port: the package's own start takes a fixed one and names it in each endpoint.
  const listener = server._app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listener.once("listening", () => resolve()));
  const port = (listener.address() as { port: number }).port;
  const base = `http://localhost:${port}`;
  model.notifyUrl = `${base}/notify/`;
  server.setRequestHandlers();
  const call = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`push service ${path} answered ${res.status}: ${text}`);
    return res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  };
  return {
    /** A browser subscribing with the app's public key: the subscription JSON it would hand the app. */
    async subscribe(applicationServerKey: string): Promise<TestDevice> {
      const { data } = await call("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      return {
        subscription: { endpoint: data.endpoint, expirationTime: null, keys: data.keys },
        clientHash: data.clientHash,
      };
    },
    /** The messages the device received, decrypted. */
    async messages(device: TestDevice): Promise<string[]> {
      return (await call("/get-notifications", { clientHash: device.clientHash })).data.messages;
    },
    /** The browser unsubscribed: the endpoint answers 410 from now on. */
    expire: (device: TestDevice) => call(`/expire-subscription/${device.clientHash}`),
    stop: () =>
      new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections(); // the app's fetch keeps its connection alive
      }),
  };
}
