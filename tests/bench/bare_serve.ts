/**
 * The ceiling of the parallel start: the cheapest possible `deno serve`
 * module, run with `deno serve --parallel` and the app's isolate count, so
 * the app's N isolates compare with N bare ones under the same split of the
 * cores (tests/bench/throughput.ts).
 */
export default {
  fetch: () => new Response("ok"),
} satisfies Deno.ServeDefaultExport;
