/**
 * A room's periodic access check: drops sockets whose session was revoked or
 * whose role was removed (HTTP checks these on every call; a socket on this
 * tick).
 */
import type { Store } from "../kv/store.ts";
import type { Clock } from "../lib/clock.ts";
import { CLOSE, stillAllowed } from "./admission.ts";
import type { Client } from "./client.ts";

export interface RecheckDeps {
  kv: Store;
  clock: Clock;
  /** Removes a client from the hub and closes its socket with `code`. */
  drop(client: Client, code: number, reason: string): void;
  error(stage: string, error: unknown): void;
}

/** Checks each of `clients` in turn; stops early once `stopped()` says the room has. */
export async function recheckAccess(
  deps: RecheckDeps,
  tenant: string,
  clients: Client[],
  stopped: () => boolean,
): Promise<void> {
  for (const client of clients) {
    if (stopped()) return;
    if (client.closed) continue;
    try {
      if (!await stillAllowed({ kv: deps.kv, now: deps.clock.now() }, tenant, client.kind, client)) {
        deps.drop(client, CLOSE.policy, "Access revoked");
      }
    } catch (error) {
      deps.error("recheck", error);
    }
  }
}
