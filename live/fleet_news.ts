/**
 * The fleet doorbell of a room's scope=all sockets (the dispatcher's console, the admins' live lists): a
 * `{type:"fleet"}` when a driver's position, availability or vehicle changed (the drivers and vehicles heads), at
 * most once per window per tenant, the first at once and the rest coalesced into one at the end of the window. It
 * carries nothing: the console reads GET dispatch/state again. No KV read, one constant text, and nothing at all
 * while no scope=all socket is open, so the riders' and plain drivers' news do not wait on it.
 */
import type { RoomMembers } from "./room_members.ts";
import { coalesce, type Coalescer } from "./throttle.ts";

const FLEET_TEXT = JSON.stringify({ type: "fleet" });

export class FleetNews {
  readonly #ring: Coalescer;

  constructor(private readonly members: RoomMembers, windowMs: number, onError: (error: unknown) => void) {
    this.#ring = coalesce(() => this.#send(), windowMs, { onError });
  }

  /** A driver's position, availability or vehicle changed. */
  changed(): void {
    if (this.members.admins.size > 0) this.#ring.trigger();
  }

  cancel(): void {
    this.#ring.cancel();
  }

  #send(): Promise<void> {
    for (const client of this.members.admins) client.send(FLEET_TEXT);
    return Promise.resolve();
  }
}
