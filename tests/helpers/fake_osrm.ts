/**
 * A fake OSRM routing service on loopback: the wire, not our code.
 * `GET /route/v1/driving/{lng},{lat};{lng},{lat}` answers a route whose
 * duration is `secondsPerKm` per straight-line km (or `seconds` when set);
 * `GET /table/v1/driving/{lng},{lat};…` answers the matrix of those
 * durations (`durations[i][j]`, 0 on the diagonal). It can be told to fail,
 * answer NoRoute, or answer late.
 */
import { distanceMeters } from "../../lib/geo.ts";

export function startFakeOsrm() {
  const state = {
    secondsPerKm: 180,
    /** A fixed duration for every route, when set. */
    seconds: null as number | null,
    status: 200,
    code: "Ok",
    delayMs: 0,
    requests: [] as string[],
  };
  const ac = new AbortController();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    state.requests.push(url.pathname + url.search);
    const table = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (table) {
      const points = table[1].split(";").map((pair) => pair.split(",").map(Number));
      if (points.length < 2 || points.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n)))) {
        return Response.json({ code: "InvalidUrl", message: "URL string malformed" }, { status: 400 });
      }
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.status !== 200) return Response.json({ code: "Error" }, { status: state.status });
      if (state.code !== "Ok") return Response.json({ code: state.code, message: "Impossible route" });
      const durations = points.map(([lng1, lat1], i) =>
        points.map(([lng2, lat2], j) => {
          if (i === j) return 0;
          const km = distanceMeters({ lat: lat1, lng: lng1 }, { lat: lat2, lng: lng2 }) / 1000;
          return state.seconds ?? km * state.secondsPerKm;
        })
      );
      return Response.json({ code: "Ok", durations });
    }
    const m = /^\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(url.pathname);
    if (!m) return Response.json({ code: "InvalidUrl", message: "URL string malformed" }, { status: 400 });
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.status !== 200) return Response.json({ code: "Error" }, { status: state.status });
    if (state.code !== "Ok") return Response.json({ code: state.code, message: "Impossible route" });
    const [lng1, lat1, lng2, lat2] = m.slice(1).map(Number);
    const km = distanceMeters({ lat: lat1, lng: lng1 }, { lat: lat2, lng: lng2 }) / 1000;
    const duration = state.seconds ?? km * state.secondsPerKm;
    return Response.json({ code: "Ok", routes: [{ duration, distance: km * 1000, weight: duration, legs: [] }] });
  });
  return {
    state,
    url: `http://127.0.0.1:${server.addr.port}`,
    async stop() {
      ac.abort();
      await server.finished;
    },
  };
}
