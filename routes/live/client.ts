/**
 * One admitted socket. Messages queue until the socket opens (the client is
 * registered before the upgrade answer, so nothing committed after it is
 * missed); after that each send first checks how much is still unsent, and a
 * client that cannot keep up is dropped instead of slowing the others.
 */
import type { Ride } from "../../lib/rides.ts";
import { CLOSE } from "./admission.ts";
import type { SocketKind, Viewer } from "./visibility.ts";

/** What the hub needs of a socket (a Deno WebSocket fits; tests pass fakes). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export class Client implements Viewer {
  socket: LiveSocket | null = null;
  /** Set once the client left: later sends are dropped. */
  closed = false;
  /** Code and reason it was dropped with, for a socket that opens afterwards. */
  closeCode: number = CLOSE.normal;
  closeReason = "";
  /** An admin's socket opened with scope=all: told about every ride (visibility.ts). */
  everything = false;
  /** A driver whose vehicle takes a wheelchair, as last read by the room. */
  wheelchairAccessible = false;
  /** Rides in this client's list as last told, by id: what a resynchronisation must correct. */
  seen = new Map<string, Ride>();
  /** The newest driver-updates read this client was sent, and its text. */
  driversTicket = 0;
  driversText = "";
  /** The last driver-location this rider socket was sent: the same one is not sent twice. */
  locationText = "";
  #pending: string[] = [];
  #pendingBytes = 0;

  constructor(
    readonly tenant: string,
    readonly kind: SocketKind,
    readonly userId: string,
    readonly sessionId: string,
    private readonly maxBufferedBytes: number,
    /** Called when the client must be dropped (too slow, or the socket failed). */
    private readonly drop: (client: Client, code: number, reason: string) => void,
  ) {}

  /** Attaches the opened socket and sends what queued meanwhile. */
  attach(socket: LiveSocket): void {
    this.socket = socket;
    const pending = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    for (const text of pending) this.send(text);
  }

  send(text: string): void {
    if (this.closed) return;
    const socket = this.socket;
    if (!socket) {
      this.#pending.push(text);
      this.#pendingBytes += text.length;
      if (this.#pendingBytes > this.maxBufferedBytes) this.drop(this, CLOSE.tryAgainLater, "Too slow");
      return;
    }
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount + text.length > this.maxBufferedBytes) {
      this.drop(this, CLOSE.tryAgainLater, "Too slow");
      return;
    }
    try {
      socket.send(text);
    } catch {
      this.drop(this, CLOSE.serverError, "Send failed");
    }
  }
}
