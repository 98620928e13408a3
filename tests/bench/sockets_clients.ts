/**
 * The load generator's side of the socket benchmarks: many driver sockets,
 * ride requests through the real HTTP API, and the arrival time of each
 * ride's `new` message on every socket. A ride is recognised by a unique
 * destination ("bench-<n>"), found in the raw text without parsing it, so
 * the generator spends as little as it can per message.
 */
import { openWire, type WireSocket } from "./sockets_wire.ts";
import { PICKUP } from "./sockets_world.ts";

const MARK = '"destination":"bench-';

/** Arrivals of one ride: when it was sent, and each socket's delay (ms) in arrival order. */
export interface Probe {
  sentAt: number;
  tenant: string;
  delays: number[];
  status: number | null;
  /** When the POST's answer arrived (ms, the same clock as sentAt); null until then. */
  answeredAt: number | null;
}

export class Probes {
  readonly byTag = new Map<number, Probe>();
  #next = 0;

  /** Registers a ride about to be sent; answers its tag. */
  start(tenant: string): number {
    const tag = this.#next++;
    this.byTag.set(tag, { sentAt: performance.now(), tenant, delays: [], status: null, answeredAt: null });
    return tag;
  }

  /** A message arrived on some socket at `at`. */
  receive(text: string, at: number): void {
    if (!text.startsWith('{"type":"new"')) return;
    const i = text.indexOf(MARK);
    if (i < 0) return;
    const probe = this.byTag.get(parseInt(text.slice(i + MARK.length, i + MARK.length + 12), 10));
    probe?.delays.push(at - probe.sentAt);
  }
}

/**
 * Opens a driver socket per token, `parallel` handshakes at a time; every
 * message goes to `probes.receive` (the `probes` property, so a run can swap it).
 */
export async function openSockets(
  wsBase: string,
  sockets: { tenant: string; token: string }[],
  sink: { probes: Probes },
  parallel = 50,
): Promise<WireSocket[]> {
  const out: WireSocket[] = [];
  let next = 0;
  const onText = (text: string, at: number) => sink.probes.receive(text, at);
  async function worker() {
    while (next < sockets.length) {
      const { tenant, token } = sockets[next++];
      out.push(await openWire(`${wsBase}/${tenant}/ws/drivers?token=${encodeURIComponent(token)}`, onText));
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  // A refused token is answered before the upgrade (openWire throws); too many sockets close 1008: make sure none was.
  await new Promise((r) => setTimeout(r, 200));
  const refused = out.find((ws) => ws.closeCode !== null);
  if (refused) throw new Error(`a socket was closed at open with ${refused.closeCode}`);
  return out;
}

export function closeSockets(sockets: WireSocket[]): void {
  for (const ws of sockets) ws.close();
}

/** POST /{tenant}/api/rides as `token`, tagged so the sockets can tell it apart. */
export async function requestRide(http: string, tenant: string, token: string, probes: Probes): Promise<Probe> {
  const tag = probes.start(tenant);
  const probe = probes.byTag.get(tag)!;
  const res = await fetch(`${http}/${tenant}/api/rides`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ pickup: PICKUP, destination: `bench-${tag}`, passengerCt: 1 }),
  });
  probe.answeredAt = performance.now();
  await res.body?.cancel();
  probe.status = res.status;
  return probe;
}

/** Waits until `done()` or `ms` passed. */
export async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
