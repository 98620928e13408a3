/**
 * Open sockets per session, per user and per client address (one
 * rider once held 300 sockets on one token), counted in KV so each bound holds
 * for the whole server, whatever its number of isolates (kv/socket_leases.ts).
 *
 * A socket refused for a person's bound (too many, or a role that does not
 * allow it) is still opened to be told why (1008), so it is counted against
 * its address while it closes: up to REFUSALS_PER_ADDRESS such sockets at once
 * beyond the address's bound. Past those, and for a connection with no valid
 * credentials, the server answers before any upgrade (routes/live/ws.ts), so a
 * refused socket costs no more than an HTTP request.
 */
import { type Release, SocketLeases } from "../../kv/socket_leases.ts";

export interface OpenLimits {
  perSession: number;
  perUser: number;
  perAddress: number;
}

export const TOO_MANY_SOCKETS = "Too many open connections";

/** Sockets being refused (opened to be closed 1008) one address may hold beyond its bound. */
export const REFUSALS_PER_ADDRESS = 10;

export interface SocketOwner {
  sessionId: string;
  userId: string;
  address: string;
}

/**
 * What a socket may do: `open` (counted against its session, user and
 * address), `refuse` (over a bound, counted against its address while it is
 * told so), or `answer` (the address holds its refusals too: nothing counted,
 * refuse before the upgrade).
 */
export type OpenVerdict = { verdict: "open" | "refuse"; release: Release } | { verdict: "answer"; release: null };

export class OpenCounts {
  readonly leases: SocketLeases;

  constructor(
    kv: Deno.Kv,
    private readonly limits: OpenLimits,
    { now, onError }: { now: () => number; onError?: (error: unknown) => void },
  ) {
    this.leases = new SocketLeases(kv, now, onError);
  }

  /** Counts a socket of `owner` if every bound allows it, else as a refusal. Throws when KV fails. */
  async take(owner: SocketOwner): Promise<OpenVerdict> {
    const { claim, release } = await this.leases.take([
      {
        owners: [
          { kind: "session", owner: owner.sessionId },
          { kind: "user", owner: owner.userId },
          { kind: "address", owner: owner.address },
        ],
        bounds: [this.limits.perSession, this.limits.perUser, this.limits.perAddress],
      },
      this.#refusal(owner.address),
    ]);
    if (!release) return { verdict: "answer", release: null };
    return { verdict: claim === 0 ? "open" : "refuse", release };
  }

  /** Counts a socket to be refused for another reason (a role) against `address`. Throws when KV fails. */
  async refusal(address: string): Promise<OpenVerdict> {
    const { release } = await this.leases.take([this.#refusal(address)]);
    return release ? { verdict: "refuse", release } : { verdict: "answer", release: null };
  }

  #refusal(address: string) {
    return {
      owners: [{ kind: "address" as const, owner: address }],
      bounds: [this.limits.perAddress + REFUSALS_PER_ADDRESS],
    };
  }
}
