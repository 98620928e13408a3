/**
 * A KV file holding the demo tenant and one rider with an active ride, and
 * that rider's bearer token: what the hottest authenticated read
 * (GET /{tenant}/api/rides/my) needs. The server must start with TOKEN_ENV
 * (bench_server.ts).
 */
import { openStore } from "../../kv/open.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { changeRole } from "../../kv/members.ts";
import { createRide } from "../../kv/rides.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { benchToken } from "./bench_server.ts";

export async function seedSignedInRider(kvPath: string): Promise<string> {
  const kv = await openStore(kvPath);
  try {
    const now = Date.now();
    await seedDemoTenant(kv, now);
    const rider = await getOrCreateUserByPhone(kv, "8645550177", now);
    await changeRole(kv, { tenant: "greer", userId: rider.id, role: "rider", add: true, now });
    const ride = await createRide(kv, {
      timeZone: "America/New_York",
      tenant: "greer",
      creatorId: rider.id,
      pickup: { lat: 34.9387, lng: -82.2271 },
      dropoff: null,
      destination: "City Hall",
      passengerCt: 2,
      rider: { name: "Bench Rider", phoneNumber: rider.phoneNumber, photoUrl: null },
    }, now);
    if (!ride.ok) throw new Error(`could not seed the ride: ${ride.reason}`);
    return await benchToken(kv, rider.id, now);
  } finally {
    kv.close();
  }
}
