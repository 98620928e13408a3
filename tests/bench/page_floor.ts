/**
 * The floor under a page answer: a bare Deno.serve answering, from memory,
 * the very bytes and headers the app sends for one page (read from the app by
 * run.ts and handed over in PAGE_ANSWER, a JSON file). No routing, no log:
 * what Deno itself costs to send that answer, to compare the app's pages with.
 * Like the app, it clones one prepared Response per request (the cheapest way
 * Deno has to send a dozen headers). With PAGE_HEADERS=none it sends the bytes
 * alone, which shows what the body's size costs by itself.
 */
const { body, headers } = JSON.parse(await Deno.readTextFile(Deno.env.get("PAGE_ANSWER")!)) as {
  body: number[];
  headers: [string, string][];
};
const bare = Deno.env.get("PAGE_HEADERS") === "none";
const answer = new Response(new Uint8Array(body), { headers: bare ? [] : headers });
Deno.serve({
  port: Number(Deno.env.get("PORT") ?? 0),
  onListen: ({ port }) => console.log(`listening on http://localhost:${port}`),
}, () => answer.clone());
