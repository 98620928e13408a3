/**
 * The socket benchmarks' receiver: thousands of driver WebSockets held by a
 * small C program (ws_receiver.c, one epoll loop), which records when each
 * ride's `new` message arrives. The Deno generator (sockets_wire.ts) costs
 * ~17 µs of CPU per message, more than the server spends sending it (~10 µs);
 * on two cores that measures the generator. The C one costs an epoll event,
 * a read() and a memmem() per message: ~6 µs of CPU on the bench VM, almost
 * all of it in the kernel (a bare syscall costs ~1.2 µs there).
 *
 * Rides are recognised as in sockets_clients.ts: a `new` message whose
 * destination is "bench-<tag>". Times come back on the receiver's monotonic
 * clock and are mapped to this process's performance.now().
 */
const SOURCE = new URL("./ws_receiver.c", import.meta.url);

export interface Receiver {
  /** The receiver's process id (to read its CPU time from /proc). */
  readonly pid: number;
  /** Arrival delays (ms) of tag's messages so far, in arrival order, measured from `sentAt` (a performance.now() of this process). */
  delays(tag: number, sentAt: number): Promise<number[]>;
  /** Close codes the server sent so far (0: the connection ended without a close frame). */
  closed(): Promise<number[]>;
  /** Closes every socket (code 1000) and waits for the receiver to exit. */
  close(): Promise<void>;
}

/**
 * Compiles ws_receiver.c once (cached by the source's hash), starts it (under
 * `taskset -c <cpus>` when given), opens one socket per path on host:port, and
 * maps its clock to performance.now().
 */
export async function openReceiver(
  http: { hostname: string; port: number },
  paths: string[],
  options: { cpus?: string } = {},
): Promise<Receiver> {
  const binary = await compile();
  // The C side takes a literal IPv4 address.
  const host = http.hostname === "localhost" || http.hostname === "0.0.0.0" ? "127.0.0.1" : http.hostname;
  const argv = [binary, host, String(http.port)];
  const child = new Deno.Command(options.cpus ? "taskset" : argv[0], {
    args: options.cpus ? ["-c", options.cpus, ...argv] : argv.slice(1),
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = readLines(child.stdout);
  const encoder = new TextEncoder();

  // One command in flight at a time: each waits for the previous reply.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (text: string, replies = true): Promise<string> => {
    const next = queue.then(async () => {
      await writer.write(encoder.encode(text + "\n"));
      if (!replies) return "";
      const { value, done } = await lines.next();
      if (done) throw new Error("ws_receiver exited");
      if (value.startsWith("error ")) throw new Error(`ws_receiver: ${value.slice(6)}`);
      return value;
    });
    queue = next.catch(() => {});
    return next;
  };

  try {
    const ready = await ask(paths.map((path) => `open ${path}\n`).join("") + "go");
    if (ready !== `ready ${paths.length}`) throw new Error(`ws_receiver answered "${ready}"`);
  } catch (error) {
    await writer.close().catch(() => {});
    await child.status;
    throw error;
  }

  // The sample with the shortest round trip bounds the offset best.
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 20; i++) {
    const before = performance.now();
    const reply = await ask("sync");
    const after = performance.now();
    const mono = Number(reply.split(" ")[1]) / 1000;
    if (after - before < best.rtt) best = { rtt: after - before, offset: mono - (before + after) / 2 };
  }
  const offset = best.offset;

  return {
    pid: child.pid,
    async delays(tag, sentAt) {
      // "tag <tag> <count> <t1> ..."
      const fields = (await ask(`report ${tag}`)).split(" ");
      return fields.slice(3).map((us) => Number(us) / 1000 - offset - sentAt);
    },
    async closed() {
      // "closed <k> <code1> ..."
      return (await ask("closed")).split(" ").slice(2).map(Number);
    },
    async close() {
      await ask("quit", false).catch(() => {});
      await writer.close().catch(() => {});
      const status = await child.status;
      if (!status.success) throw new Error(`ws_receiver exited with ${status.code}`);
    },
  };
}

/** The receiver's binary, built once per version of the source into the temp folder. */
async function compile(): Promise<string> {
  const source = await Deno.readFile(SOURCE);
  const hash = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", source)).slice(0, 8))
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  const binary = `${Deno.env.get("TMPDIR") ?? "/tmp"}/hopper-ws-receiver-${hash}`;
  if (await Deno.stat(binary).then(() => true, () => false)) return binary;
  if (!(await run("gcc", ["--version"]).catch(() => false))) {
    if (!(await run("apt-get", ["install", "-y", "-qq", "gcc"]))) throw new Error("could not install gcc");
  }
  // Build beside it, then rename: two benchmarks starting at once never run half a binary.
  const partial = `${binary}.${Deno.pid}`;
  if (!(await run("gcc", ["-O2", "-o", partial, SOURCE.pathname]))) throw new Error("ws_receiver.c did not compile");
  await Deno.rename(partial, binary);
  return binary;
}

async function run(command: string, args: string[]): Promise<boolean> {
  const { success } = await new Deno.Command(command, { args, stdout: "null", stderr: "inherit" }).output();
  return success;
}

/** The lines of a byte stream (without their "\n"). */
async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const bytes of stream) {
    pending += decoder.decode(bytes, { stream: true });
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, nl);
      pending = pending.slice(nl + 1);
    }
  }
}

// Self-test: deno run -A tests/bench/ws_receiver.ts [cpus]
if (import.meta.main) {
  const SOCKETS = 2000, TAGS = 50;
  const sockets = new Set<WebSocket>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/go") {
      const tag = url.searchParams.get("n");
      const text = JSON.stringify({ type: "new", ride: { destination: `bench-${tag}` } });
      // Tag 1 also gets a decoy per socket, which must not count.
      const decoy = tag === "1" && JSON.stringify({ type: "update", ride: { destination: `bench-${tag}` } });
      for (const socket of sockets) {
        if (decoy) socket.send(decoy);
        socket.send(text);
      }
      return new Response("ok");
    }
    if (url.pathname === "/kick") {
      let n = Number(url.searchParams.get("n"));
      for (const socket of sockets) if (n-- > 0) socket.close(1008, "policy");
      return new Response("ok");
    }
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onopen = () => sockets.add(socket);
    socket.onclose = () => sockets.delete(socket);
    return response;
  });
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`self-test failed: ${what}`);
  };
  const cpu = (pid: number) => {
    // utime + stime (clock ticks, usually 10 ms) and the scheduler's run time (ns).
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
    const ticks = Number(stat[11]) + Number(stat[12]);
    const ns = Number(Deno.readTextFileSync(`/proc/${pid}/schedstat`).split(" ")[0]);
    return { ticksMs: ticks * 10, ms: ns / 1e6 };
  };
  const base = `http://127.0.0.1:${server.addr.port}`;

  await compile();
  let started = performance.now();
  const receiver = await openReceiver(
    { hostname: "127.0.0.1", port: server.addr.port },
    Array.from({ length: SOCKETS }, (_, i) => `/ws?i=${i}`),
    { cpus: Deno.args[0] },
  );
  console.log(`${SOCKETS} sockets open in ${(performance.now() - started).toFixed(0)} ms`);
  while (sockets.size < SOCKETS) await new Promise((r) => setTimeout(r, 10));

  let before = cpu(receiver.pid);
  started = performance.now();
  const worst: number[] = [];
  for (let tag = 1; tag <= TAGS; tag++) {
    if (tag === 2) [before, started] = [cpu(receiver.pid), performance.now()]; // past the decoys
    const sentAt = performance.now();
    await (await fetch(`${base}/go?n=${tag}`)).text();
    let delays = await receiver.delays(tag, sentAt);
    for (let i = 0; delays.length < SOCKETS && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 5));
      delays = await receiver.delays(tag, sentAt);
    }
    check(delays.length === SOCKETS, `tag ${tag}: ${delays.length} of ${SOCKETS} arrived`);
    check(delays.every((d) => d >= 0 && d <= 200), `tag ${tag}: delays ${Math.min(...delays)}..${Math.max(...delays)}`);
    worst.push(Math.max(...delays));
  }
  const after = cpu(receiver.pid);
  await new Promise((r) => setTimeout(r, 100));
  check((await receiver.delays(1, 0)).length === SOCKETS, "tag 1 counted more than once per socket");
  check((await receiver.delays(TAGS + 1, 0)).length === 0, "an unsent tag has arrivals");
  const messages = SOCKETS * (TAGS - 1) / 1000; // thousands, from tag 2 on
  console.log(
    `${TAGS - 1} tags x ${SOCKETS} sockets in ${(performance.now() - started).toFixed(0)} ms; ` +
      `last arrival ${Math.min(...worst).toFixed(1)}..${Math.max(...worst).toFixed(1)} ms after the request; ` +
      `receiver CPU per 1,000 new messages: ${((after.ms - before.ms) / messages).toFixed(2)} ms ` +
      `(stat: ${((after.ticksMs - before.ticksMs) / messages).toFixed(2)} ms)`,
  );

  check((await receiver.closed()).length === 0, "closes before any were sent");
  await fetch(`${base}/kick?n=10`).then((r) => r.text());
  let codes: number[] = [];
  for (let i = 0; codes.length < 10 && i < 200; i++) {
    await new Promise((r) => setTimeout(r, 5));
    codes = await receiver.closed();
  }
  check(codes.length === 10 && codes.every((c) => c === 1008), `closed codes: ${codes}`);

  started = performance.now();
  await receiver.close();
  console.log(`closed in ${(performance.now() - started).toFixed(0)} ms; close codes ${codes.length} x 1008`);
  while (sockets.size > 0) await new Promise((r) => setTimeout(r, 10));
  await server.shutdown();
  console.log("self-test passed");
}
