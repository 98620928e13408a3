/**
 * The floor under the fan-out benchmark: a bare Deno.serve that upgrades every
 * socket and, on each POST, sends one `new` message of a ride's shape to all
 * of them in a plain loop. No KV, no feed, no rooms: what Deno itself costs to
 * put one message on 5,000 sockets, measured with the same load generator.
 */
import type { Ride } from "../../lib/rides.ts";

const sockets = new Set<WebSocket>();

function rideMessage(destination: string): string {
  const now = Date.now();
  const ride: Ride = {
    id: "01KBENCHFLOOR0000000000000",
    tenant: "floor",
    creatorId: "01KBENCHRIDER0000000000000",
    assignedDriverId: null,
    status: "pending",
    pickup: { lat: 34.9387, lng: -82.2271 },
    dropoff: null,
    destination,
    passengerCt: 1,
    requestedAt: now,
    acceptedAt: null,
    onTheWayAt: null,
    arrivedAt: null,
    pickedUpAt: null,
    completedAt: null,
    canceledAt: null,
    noShowAt: null,
    riderName: "Bench Rider",
    riderPhone: "8645550100",
    riderPhotoUrl: null,
    driverName: null,
    driverPhone: null,
    updatedAt: now,
  };
  return JSON.stringify({ type: "new", ride });
}

Deno.serve({ port: Number(Deno.env.get("PORT") ?? 0), onListen() {} }, async (req) => {
  if (req.method === "POST") {
    const { destination } = await req.json();
    const text = rideMessage(destination);
    for (const socket of sockets) socket.send(text);
    return Response.json({ ok: true }, { status: 201 });
  }
  if (req.headers.get("upgrade") === "websocket") {
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onopen = () => sockets.add(socket);
    socket.onclose = () => sockets.delete(socket);
    return response;
  }
  return new Response("ok");
});
