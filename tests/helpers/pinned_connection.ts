/**
 * One HTTP/1.1 connection kept open, for reaching a chosen isolate of a
 * `deno serve --parallel` server: the kernel hands each new connection to one
 * isolate (SO_REUSEPORT), and every request on it stays there. GET /healthz
 * names the isolate (serve.ts), so a test opens connections until it holds one
 * on each isolate it wants, then sends its requests, or upgrades to a
 * WebSocket, on them. fetch() and WebSocket pick their own connections, so
 * this speaks HTTP/1.1 and the WebSocket framing (RFC 6455) itself: enough
 * for JSON answers and text messages.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json<T = unknown>(): T;
}

export class PinnedConnection {
  #conn: Deno.TcpConn;
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #buffer = new Uint8Array(0);
  #queue: Promise<unknown> = Promise.resolve();

  #isolate = "";

  private constructor(conn: Deno.TcpConn, readonly port: number) {
    this.#conn = conn;
    this.#reader = conn.readable.getReader();
  }

  /** The id of the isolate this connection reached. */
  get isolate(): string {
    return this.#isolate;
  }

  /** A new connection, with the isolate that answered its GET /healthz. */
  static async open(port: number): Promise<PinnedConnection> {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const pinned = new PinnedConnection(conn, port);
    const health = await pinned.request("GET", "/healthz");
    const isolate = health.json<{ isolate?: string }>().isolate;
    if (!isolate) {
      pinned.close();
      throw new Error(`GET /healthz named no isolate: ${health.text}`);
    }
    pinned.#isolate = isolate;
    return pinned;
  }

  /**
   * Connections until one reaches each of `count` isolates; the others are closed. Answers one connection per isolate,
   * in the order they were first reached. An isolate starts listening only once its start work is done (serve.ts), a
   * moment after the first one says it listens, so this keeps trying for up to `waitMs`.
   */
  static async onEachIsolate(port: number, count: number, waitMs = 15_000): Promise<PinnedConnection[]> {
    const found = new Map<string, PinnedConnection>();
    const until = performance.now() + waitMs;
    for (let tries = 1; found.size < count && performance.now() < until; tries++) {
      const next = await PinnedConnection.open(port);
      if (found.has(next.isolate)) next.close();
      else found.set(next.isolate, next);
      if (tries % 16 === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (found.size < count) throw new Error(`reached ${found.size} isolates in ${waitMs} ms, wanted ${count}`);
    return [...found.values()];
  }

  /** Another connection to the same isolate as this one (opens new ones until one lands there). */
  async another(tries = 64): Promise<PinnedConnection> {
    for (let i = 0; i < tries; i++) {
      const next = await PinnedConnection.open(this.port);
      if (next.isolate === this.isolate) return next;
      next.close();
    }
    throw new Error(`no new connection reached isolate ${this.isolate} in ${tries} tries`);
  }

  /**
   * Sends one request and reads its whole answer (requests on one connection take turns). `body` goes as JSON,
   * or as a form when it is URLSearchParams (Twilio's webhooks).
   */
  request(
    method: string,
    path: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<RawAnswer> {
    const turn = this.#queue.then(() => this.#exchange(method, path, headers, body));
    this.#queue = turn.catch(() => {});
    return turn;
  }

  /** Upgrades this connection to a WebSocket at `path`; the connection is the socket's from then on. */
  async websocket(path: string): Promise<RawSocket> {
    await this.#queue;
    const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    await this.#write(
      `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${this.port}\r\nupgrade: websocket\r\nconnection: Upgrade\r\n` +
        `sec-websocket-key: ${key}\r\nsec-websocket-version: 13\r\n\r\n`,
    );
    const { status, headers } = await this.#readHead();
    if (status !== 101) {
      const length = Number(headers.get("content-length") ?? 0);
      throw new Error(`upgrade refused with ${status}: ${decoder.decode(await this.#readExact(length))}`);
    }
    return new RawSocket(this);
  }

  close(): void {
    try {
      this.#conn.close();
    } catch {
      // Already closed.
    }
  }

  async #exchange(method: string, path: string, headers: Record<string, string>, body: unknown): Promise<RawAnswer> {
    const form = body instanceof URLSearchParams;
    const payload = body === undefined ? "" : form ? body.toString() : JSON.stringify(body);
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `host: 127.0.0.1:${this.port}`,
      "accept-encoding: identity",
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ...(body === undefined
        ? []
        : [`content-type: ${form ? "application/x-www-form-urlencoded" : "application/json"}`]),
      `content-length: ${encoder.encode(payload).length}`,
    ];
    await this.#write(`${lines.join("\r\n")}\r\n\r\n${payload}`);
    const { status, headers: answered } = await this.#readHead();
    let bytes: Uint8Array;
    if (answered.get("transfer-encoding")?.includes("chunked")) bytes = await this.#readChunked();
    else bytes = await this.#readExact(Number(answered.get("content-length") ?? 0));
    const text = decoder.decode(bytes);
    return { status, headers: answered, text, json: <T>() => JSON.parse(text) as T };
  }

  async #write(text: string | Uint8Array): Promise<void> {
    const bytes = typeof text === "string" ? encoder.encode(text) : text;
    let written = 0;
    while (written < bytes.length) written += await this.#conn.write(bytes.subarray(written));
  }

  /** @internal for RawSocket */
  writeBytes(bytes: Uint8Array): Promise<void> {
    return this.#write(bytes);
  }

  async #fill(): Promise<boolean> {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await this.#reader.read();
    } catch {
      return false; // closed under a pending read: the end, as for the socket's reader
    }
    const { value, done } = next;
    if (done || !value) return false;
    const joined = new Uint8Array(this.#buffer.length + value.length);
    joined.set(this.#buffer);
    joined.set(value, this.#buffer.length);
    this.#buffer = joined;
    return true;
  }

  /** @internal for RawSocket: exactly `n` bytes, or null when the connection ended first. */
  async readExactOrEnd(n: number): Promise<Uint8Array | null> {
    while (this.#buffer.length < n) if (!await this.#fill()) return null;
    const out = this.#buffer.slice(0, n);
    this.#buffer = this.#buffer.slice(n);
    return out;
  }

  async #readExact(n: number): Promise<Uint8Array> {
    const out = await this.readExactOrEnd(n);
    if (!out) throw new Error("the connection ended in the middle of an answer");
    return out;
  }

  async #readLine(): Promise<string> {
    for (;;) {
      const at = findCrlf(this.#buffer);
      if (at >= 0) {
        const line = decoder.decode(this.#buffer.slice(0, at));
        this.#buffer = this.#buffer.slice(at + 2);
        return line;
      }
      if (!await this.#fill()) throw new Error("the connection ended before the answer's head");
    }
  }

  async #readHead(): Promise<{ status: number; headers: Headers }> {
    const statusLine = await this.#readLine();
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
    const headers = new Headers();
    for (let line = await this.#readLine(); line !== ""; line = await this.#readLine()) {
      const colon = line.indexOf(":");
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    }
    return { status, headers };
  }

  async #readChunked(): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    for (;;) {
      const size = parseInt(await this.#readLine(), 16);
      if (size === 0) {
        await this.#readLine();
        break;
      }
      parts.push(await this.#readExact(size));
      await this.#readLine();
    }
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) out.set(p, (at += p.length) - p.length);
    return out;
  }
}

function findCrlf(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) if (bytes[i] === 13 && bytes[i + 1] === 10) return i;
  return -1;
}

/** The client end of a WebSocket on a PinnedConnection: keeps text messages with their arrival times, answers pings. */
export class RawSocket {
  readonly texts: string[] = [];
  readonly times: number[] = [];
  closeCode: number | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(private readonly connection: PinnedConnection) {
    this.closed = this.#readFrames();
  }

  /** The parsed messages so far. */
  messages<T = Record<string, unknown>>(): T[] {
    return this.texts.map((t) => JSON.parse(t) as T);
  }

  close(): void {
    this.connection.close();
  }

  async #readFrames(): Promise<{ code: number; reason: string }> {
    let text = "";
    for (;;) {
      const head = await this.connection.readExactOrEnd(2);
      if (!head) return this.#ended(1006, "");
      const fin = (head[0] & 0x80) !== 0;
      const opcode = head[0] & 0x0f;
      let length = head[1] & 0x7f;
      if (length === 126) length = new DataView((await this.connection.readExactOrEnd(2))!.buffer).getUint16(0);
      else if (length === 127) {
        length = Number(new DataView((await this.connection.readExactOrEnd(8))!.buffer).getBigUint64(0));
      }
      const payload = length > 0 ? await this.connection.readExactOrEnd(length) : new Uint8Array(0);
      if (!payload) return this.#ended(1006, "");
      if (opcode === 0x8) {
        const code = payload.length >= 2 ? (payload[0] << 8) | payload[1] : 1005;
        return this.#ended(code, decoder.decode(payload.slice(2)));
      }
      if (opcode === 0x9) await this.#send(0xa, payload).catch(() => {});
      if (opcode === 0x1 || opcode === 0x0) {
        text += decoder.decode(payload);
        if (fin) {
          this.texts.push(text);
          this.times.push(performance.now());
          text = "";
        }
      }
    }
  }

  #ended(code: number, reason: string) {
    this.closeCode = code;
    this.connection.close();
    return { code, reason };
  }

  /** A masked frame, as a client must send (only pongs here). */
  #send(opcode: number, payload: Uint8Array): Promise<void> {
    const mask = crypto.getRandomValues(new Uint8Array(4));
    const frame = new Uint8Array(6 + payload.length);
    frame[0] = 0x80 | opcode;
    frame[1] = 0x80 | payload.length; // control frames carry at most 125 bytes
    frame.set(mask, 2);
    for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i] ^ mask[i % 4];
    return this.connection.writeBytes(frame);
  }
}
