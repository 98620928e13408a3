/**
 * Signs people in before the server starts: users, memberships of the demo
 * tenant and sessions written straight into the KV file, with tokens signed
 * as the server will check them (same JWT_SECRET and PUBLIC_URL). Many riders
 * can then act at once without texted codes or the sign-in limits.
 *
 *   const people = await seedPeople(kvPath, { riders: 20, drivers: 4 });
 *   await startServer({ env: { KV_PATH: kvPath, ...SEEDED_ENV } });
 */
import { openStore } from "../../kv/open.ts";
import { changeRole } from "../../kv/members.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { createSession } from "../../kv/sessions.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { tokenSigner } from "../../lib/jwt.ts";

/** The environment the seeded tokens are valid under. */
export const SEEDED_ENV = {
  JWT_SECRET: "e2e-seeded-secret-e2e-seeded-secret-0123",
  PUBLIC_URL: "http://localhost:8000",
  SMS_PROVIDER: "console",
};

export interface Person {
  id: string;
  phone: string;
  token: string;
}

export async function seedPeople(
  kvPath: string,
  { riders, drivers, admins = 0 }: { riders: number; drivers: number; admins?: number },
): Promise<{ riders: Person[]; drivers: Person[]; admins: Person[] }> {
  const kv = await openStore(kvPath);
  try {
    const now = Date.now();
    await seedDemoTenant(kv, now);
    const signer = tokenSigner(SEEDED_ENV.JWT_SECRET, SEEDED_ENV.PUBLIC_URL);
    const person = async (phone: string, role: "rider" | "driver" | "admin"): Promise<Person> => {
      const user = await getOrCreateUserByPhone(kv, phone, now);
      await changeRole(kv, { tenant: "greer", userId: user.id, role, add: true, now });
      const session = await createSession(kv, user.id, now);
      return { id: user.id, phone, token: await signer.sign({ userId: user.id, sessionId: session.id }, now) };
    };
    const pad = (i: number) => String(i).padStart(2, "0");
    const out = { riders: [] as Person[], drivers: [] as Person[], admins: [] as Person[] };
    for (let i = 0; i < riders; i++) out.riders.push(await person(`86455510${pad(i)}`, "rider"));
    for (let i = 0; i < drivers; i++) out.drivers.push(await person(`86455520${pad(i)}`, "driver"));
    for (let i = 0; i < admins; i++) out.admins.push(await person(`86455530${pad(i)}`, "admin"));
    return out;
  } finally {
    kv.close();
  }
}
