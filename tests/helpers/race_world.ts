/**
 * People for the race tests: many drivers of the demo
 * tenant signed in through the real API, each from its own client address
 * so the per-address send limit does not stop the set-up.
 */
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { bearer, type makeApp, postJson, sentCode } from "./app.ts";
import { CENTRE, put } from "./rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
export interface Person {
  token: string;
  id: string;
}

let addresses = 0;

export async function signInFrom(t: TestApp, phone: string): Promise<Person> {
  const address = `192.0.2.${++addresses % 250}`;
  const sent = await t.request("/api/auth/login", postJson({ phoneNumber: phone }), address);
  if (sent.status !== 200) throw new Error(`login answered ${sent.status}`);
  const res = await t.request(
    "/api/auth/verify",
    postJson({ phoneNumber: phone, code: sentCode(t, phone), tenantCode: "greer" }),
    address,
  );
  if (res.status !== 200) throw new Error(`verify answered ${res.status}`);
  const { token, user } = await res.json() as { token: string; user: { id: string } };
  return { token, id: user.id };
}

/** `count` riders (phones 864-555-3xxx). */
export async function riders(t: TestApp, count: number): Promise<Person[]> {
  const out: Person[] = [];
  for (let i = 0; i < count; i++) out.push(await signInFrom(t, `8645553${String(i).padStart(3, "0")}`));
  return out;
}

/** The demo admin and `count` drivers (phones 864-555-4xxx) granted the role; the first is online at the centre. */
export async function drivers(t: TestApp, count: number): Promise<{ admin: Person; drivers: Person[] }> {
  const admin = await signInFrom(t, DEMO_ADMIN_PHONE);
  const out: Person[] = [];
  for (let i = 0; i < count; i++) {
    const d = await signInFrom(t, `8645554${String(i).padStart(3, "0")}`);
    const res = await t.request(`/greer/api/user/${d.id}/roles`, bearer(admin.token, postJson({ role: "driver" })));
    if (res.status !== 200) throw new Error(`grant answered ${res.status}`);
    out.push(d);
  }
  const online = await t.request(
    "/greer/api/drivers/availability",
    put(out[0].token, { isAvailable: true, location: CENTRE }),
  );
  if (online.status !== 200) throw new Error(`availability answered ${online.status}`);
  return { admin, drivers: out };
}
