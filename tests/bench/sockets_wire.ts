/**
 * A lean WebSocket client for the load generator (RFC 6455 over a plain TCP
 * connection): the handshake, reading the server's unmasked frames, answering
 * pings, closing. Deno's WebSocket builds an event object per message (about
 * 14 µs each on this machine), so 5,000 sockets in one process would measure
 * the generator more than the server; this one costs one read per message.
 * Each real client has its own device, so a cheap receiver is the fair one.
 */
const TEXT = 1, CLOSE = 8, PING = 9;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

export interface WireSocket {
  /** The close code the server sent, once it did. */
  readonly closeCode: number | null;
  /** Sends a close frame and ends the connection. */
  close(): void;
}

/** Opens `url` (ws://host:port/path); `onText` gets each text message with its arrival time. */
export async function openWire(url: string, onText: (text: string, at: number) => void): Promise<WireSocket> {
  const { hostname, port, pathname, search } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  conn.setNoDelay(true);
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  await write(
    conn,
    encoder.encode(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    ),
  );
  let buffer: Uint8Array = new Uint8Array(8192);
  let filled = 0;
  let headerEnd = -1;
  while (headerEnd < 0) {
    const n = await conn.read(buffer.subarray(filled));
    if (n === null) throw new Error("connection closed during the handshake");
    filled += n;
    headerEnd = indexOfCrlf2(buffer, filled);
  }
  const status = decoder.decode(buffer.subarray(0, headerEnd)).split(" ")[1];
  if (status !== "101") {
    conn.close();
    throw new Error(`handshake answered ${status}`);
  }
  buffer.copyWithin(0, headerEnd + 4, filled);
  filled -= headerEnd + 4;

  const socket = { closeCode: null as number | null, close: () => {} };
  let ended = false;
  socket.close = () => {
    if (ended) return;
    ended = true;
    write(conn, maskedFrame(CLOSE, new Uint8Array([0x03, 0xe8]))).catch(() => {}).finally(() => conn.close());
  };

  (async () => {
    try {
      while (true) {
        // Hand on every whole frame in the buffer.
        let at = 0;
        while (filled - at >= 2) {
          const opcode = buffer[at] & 0x0f;
          let len = buffer[at + 1] & 0x7f, head = 2;
          if (len === 126) [len, head] = [(buffer[at + 2] << 8) | buffer[at + 3], 4];
          else if (len === 127) [len, head] = [Number(new DataView(buffer.buffer).getBigUint64(at + 2)), 10];
          if (filled - at < head + len) {
            if (head + len > buffer.length) buffer = grow(buffer, head + len);
            break;
          }
          const payload = buffer.subarray(at + head, at + head + len);
          if (opcode === TEXT) onText(decoder.decode(payload), performance.now());
          else if (opcode === PING) await write(conn, maskedFrame(10, payload.slice()));
          else if (opcode === CLOSE) {
            socket.closeCode = len >= 2 ? (payload[0] << 8) | payload[1] : 1005;
            socket.close();
            return;
          }
          at += head + len;
        }
        buffer.copyWithin(0, at, filled);
        filled -= at;
        const n = await conn.read(buffer.subarray(filled));
        if (n === null) return;
        filled += n;
      }
    } catch {
      // The connection ended (closed by us or reset): nothing more arrives.
    } finally {
      ended = true;
    }
  })();
  return socket;
}

function indexOfCrlf2(bytes: Uint8Array, end: number): number {
  for (let i = 0; i + 3 < end; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}

function grow(bytes: Uint8Array, size: number): Uint8Array {
  const next = new Uint8Array(Math.max(size, bytes.length * 2));
  next.set(bytes);
  return next;
}

/** A client frame: always masked (RFC 6455 section 5.3). Control frames only here, so short. */
function maskedFrame(opcode: number, payload: Uint8Array): Uint8Array {
  const mask = crypto.getRandomValues(new Uint8Array(4));
  const frame = new Uint8Array(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  frame.set(mask, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i] ^ mask[i % 4];
  return frame;
}

async function write(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let off = 0; off < bytes.length;) off += await conn.write(bytes.subarray(off));
}
