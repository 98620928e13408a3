/** A fake Sentry ingest on loopback that keeps every envelope it receives (the wire, not the SDK). */
export function startFakeSentry() {
  const envelopes: string[] = [];
  const ac = new AbortController();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method === "POST" && /^\/api\/\d+\/envelope\/?$/.test(url.pathname)) {
      envelopes.push(await req.text());
      return Response.json({ id: crypto.randomUUID().replaceAll("-", "") }, {
        headers: { "access-control-allow-origin": "*" },
      });
    }
    if (req.method === "OPTIONS") {
      return new Response(null, {
        headers: {
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "*",
          "access-control-allow-methods": "POST",
        },
      });
    }
    return new Response("not found", { status: 404 });
  });
  const port = server.addr.port;
  return {
    envelopes,
    dsn: (project = 42) => `http://publickey@127.0.0.1:${port}/${project}`,
    /** The JSON items of every envelope (header lines dropped). */
    events(): Record<string, unknown>[] {
      return envelopes.flatMap((e) =>
        e.split("\n").filter(Boolean).map((line) => JSON.parse(line)).filter((o) => o.exception || o.event_id && o.tags)
      );
    },
    async stop() {
      ac.abort();
      await server.finished;
    },
  };
}
