/**
 * A KV Connect server on loopback for the tests: the protocol a self-hosted
 * `denokv` server speaks (its metadata exchange, then snapshot reads, atomic
 * writes and watches as protobuf under /v2), over a store kept in memory,
 * so app processes opened with `KV_PATH=http://…` and DENO_KV_ACCESS_TOKEN
 * share one store as app machines share a denokv server. It does what the app
 * asks of a store: ranges in key order, checked commits with versionstamps,
 * set, delete, sum of 64-bit counters, expiry, and watches. It records the
 * bearer token of every request, and refuses a wrong one as denokv does.
 */

type Bytes = Uint8Array<ArrayBuffer>;

/** Protobuf, the few shapes KV Connect uses: varints, bytes and nested messages. */
type Field = { no: number; int: bigint; bytes: Bytes };

function* fieldsOf(buf: Bytes): Generator<Field> {
  let at = 0;
  const varint = (): bigint => {
    let out = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[at++];
      out |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return out;
      shift += 7n;
    }
  };
  while (at < buf.length) {
    const tag = Number(varint());
    const [no, wire] = [tag >> 3, tag & 7];
    if (wire === 0) yield { no, int: varint(), bytes: new Uint8Array() };
    else if (wire === 2) {
      const length = Number(varint());
      yield { no, int: 0n, bytes: buf.subarray(at, at += length) };
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`protobuf wire type ${wire}`);
  }
}

function varintBytes(n: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, n);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

const concat = (parts: Bytes[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
const bytesField = (no: number, bytes: Bytes) =>
  concat([new Uint8Array([...varintBytes(BigInt(no << 3 | 2)), ...varintBytes(BigInt(bytes.length))]), bytes]);
const intField = (no: number, n: number | bigint | boolean) =>
  new Uint8Array([...varintBytes(BigInt(no << 3)), ...varintBytes(BigInt(n))]);

interface Entry {
  key: Bytes;
  value: Bytes;
  encoding: number;
  versionstamp: Bytes;
  expireAt: number | null;
}

const ENCODING_LE64 = 2;
const SET = 1, DELETE = 2, SUM = 3, MAX = 4, MIN = 5;

const hex = (b: Bytes) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
function compare(a: Bytes, b: Bytes): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
const sameBytes = (a: Bytes, b: Bytes) => compare(a, b) === 0;

const encodeEntry = (e: Entry) =>
  concat([bytesField(1, e.key), bytesField(2, e.value), intField(3, e.encoding), bytesField(4, e.versionstamp)]);

export interface KvConnectServer {
  /** The KV_PATH to give an app: http://127.0.0.1:<port>. */
  url: string;
  /** The bearer token of every request so far, in order. */
  tokens: string[];
  /** Commits that landed so far. */
  commits(): number;
  close(): Promise<void>;
}

export function startKvConnectServer(accessToken: string): KvConnectServer {
  const entries = new Map<string, Entry>();
  let version = 0n;
  const watchers = new Set<() => void>();
  const tokens: string[] = [];
  const live = (e: Entry | undefined) => e && (e.expireAt === null || e.expireAt > Date.now()) ? e : undefined;

  function read(range: Bytes): Bytes {
    let start = new Uint8Array(), end = new Uint8Array(), limit = 0, reverse = false;
    for (const f of fieldsOf(range)) {
      if (f.no === 1) start = f.bytes;
      else if (f.no === 2) end = f.bytes;
      else if (f.no === 3) limit = Number(f.int);
      else if (f.no === 4) reverse = f.int !== 0n;
    }
    let found = [...entries.values()].filter((e) => live(e) && compare(e.key, start) >= 0 && compare(e.key, end) < 0)
      .sort((a, b) => compare(a.key, b.key));
    if (reverse) found = found.reverse();
    if (limit > 0) found = found.slice(0, limit);
    return concat(found.map((e) => bytesField(1, encodeEntry(e))));
  }

  function write(body: Bytes): Bytes {
    const checks: { key: Bytes; versionstamp: Bytes }[] = [];
    const mutations: { key: Bytes; type: number; value: Bytes; encoding: number; expireAt: number }[] = [];
    for (const f of fieldsOf(body)) {
      if (f.no === 1) {
        const check = { key: new Uint8Array(), versionstamp: new Uint8Array() };
        for (const c of fieldsOf(f.bytes)) {
          c.no === 1 ? check.key = c.bytes : c.no === 2 && (check.versionstamp = c.bytes);
        }
        checks.push(check);
      } else if (f.no === 2) {
        const m = { key: new Uint8Array(), type: 0, value: new Uint8Array(), encoding: 0, expireAt: 0 };
        for (const c of fieldsOf(f.bytes)) {
          if (c.no === 1) m.key = c.bytes;
          else if (c.no === 3) m.type = Number(c.int);
          else if (c.no === 4) m.expireAt = Number(BigInt.asIntN(64, c.int));
          else if (c.no === 2) {
            for (const v of fieldsOf(c.bytes)) {
              v.no === 1 ? m.value = v.bytes : v.no === 2 && (m.encoding = Number(v.int));
            }
          }
        }
        mutations.push(m);
      } else if (f.no === 3) throw new Error("queues are not served here");
    }
    for (const check of checks) {
      const now = live(entries.get(hex(check.key)))?.versionstamp ?? new Uint8Array();
      if (!sameBytes(now, check.versionstamp)) return intField(1, 2); // AW_CHECK_FAILURE
    }
    version++;
    const versionstamp = new Uint8Array(10);
    new DataView(versionstamp.buffer).setBigUint64(0, version);
    for (const m of mutations) {
      const id = hex(m.key);
      const expireAt = m.expireAt > 0 ? m.expireAt : null;
      if (m.type === DELETE) entries.delete(id);
      else if (m.type === SET) {
        entries.set(id, { key: m.key, value: m.value, encoding: m.encoding, versionstamp, expireAt });
      } else if ([SUM, MAX, MIN].includes(m.type) && m.encoding === ENCODING_LE64) {
        const before = live(entries.get(id));
        const by = new DataView(m.value.buffer, m.value.byteOffset).getBigUint64(0, true);
        const was = before ? new DataView(before.value.buffer, before.value.byteOffset).getBigUint64(0, true) : null;
        const next = was === null
          ? by
          : m.type === SUM
          ? BigInt.asUintN(64, was + by)
          : m.type === MAX
          ? (was > by ? was : by)
          : (was < by ? was : by);
        const value = new Uint8Array(8);
        new DataView(value.buffer).setBigUint64(0, next, true);
        entries.set(id, { key: m.key, value, encoding: ENCODING_LE64, versionstamp, expireAt });
      } else throw new Error(`mutation ${m.type} is not served here`);
    }
    for (const wake of watchers) wake();
    return concat([intField(1, 1), bytesField(2, versionstamp)]); // AW_SUCCESS
  }

  /** Sends the watched keys' entries at once, then again whenever a commit changes one of them. */
  function watch(body: Bytes, signal: AbortSignal): ReadableStream<Bytes> {
    const keys = [...fieldsOf(body)].filter((f) => f.no === 1).map((f) => [...fieldsOf(f.bytes)][0]?.bytes);
    const seen = keys.map(() => "never");
    let wake = () => {};
    const frame = (message: Bytes) => {
      const length = new Uint8Array(4);
      new DataView(length.buffer).setUint32(0, message.length, true);
      return concat([length, message]);
    };
    return new ReadableStream({
      async pull(controller) {
        for (;;) {
          if (signal.aborted) return controller.close();
          const now = keys.map((key) => live(entries.get(hex(key))));
          if (now.some((e, i) => (e ? hex(e.versionstamp) : "none") !== seen[i])) {
            // As denokv does: every key's entry, whichever changed.
            now.forEach((e, i) => seen[i] = e ? hex(e.versionstamp) : "none");
            const outs = now.map((e) =>
              bytesField(2, concat([intField(1, true), ...(e ? [bytesField(2, encodeEntry(e))] : [])]))
            );
            return controller.enqueue(frame(concat([intField(1, 1), ...outs])));
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            watchers.add(wake);
            signal.addEventListener("abort", () => resolve(), { once: true });
          });
          watchers.delete(wake);
        }
      },
      cancel() {
        watchers.delete(wake);
        wake();
      },
    });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const token = req.headers.get("authorization")?.replace(/^Bearer /i, "") ?? "";
    tokens.push(token);
    if (token !== accessToken) return Response.json({ code: "invalid_access_token" }, { status: 401 });
    const path = new URL(req.url).pathname;
    const body = new Uint8Array(await req.arrayBuffer());
    const protobuf = (b: Bytes) => new Response(b, { headers: { "content-type": "application/x-protobuf" } });
    if (path === "/") {
      return Response.json({
        version: 3,
        databaseId: "00000000-0000-0000-0000-000000000000",
        endpoints: [{ url: "/v2", consistency: "strong" }],
        token: accessToken,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    }
    if (path === "/v2/snapshot_read") {
      const ranges = [...fieldsOf(body)].filter((f) => f.no === 1).map((f) => bytesField(1, read(f.bytes)));
      return protobuf(concat([...ranges, intField(4, true), intField(8, 1)]));
    }
    if (path === "/v2/atomic_write") return protobuf(write(body));
    if (path === "/v2/watch") {
      return new Response(watch(body, req.signal), { headers: { "content-type": "application/octet-stream" } });
    }
    return new Response("not found", { status: 404 });
  });

  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    tokens,
    commits: () => Number(version),
    close: () => server.shutdown(),
  };
}
