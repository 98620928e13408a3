/**
 * A number strangers locked, on the production start with two isolates on
 * one KV file (`deno serve --parallel`), each request sent to a known isolate
 * (tests/helpers/pinned_connection.ts), from addresses the proxy names
 * (TRUST_PROXY): the strangers' last miss through A locks the number in B
 * too; the owner's device key, handed out by A, lets them in through B from
 * a new address; a member who never signed in is refused through B until
 * their admin unlocks them through A, and is then let in through B at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { changeRole } from "../../kv/members.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { NUMBER_FAILURES_PER_YEAR } from "../../lib/lockout.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { PinnedConnection, type RawAnswer } from "../helpers/pinned_connection.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { startServer, type TestServer } from "./server.ts";

const OWNER = "8645550601";
const MEMBER = "8645550602";
const LOCKED = /^This number is locked after too many failed attempts\./;

let dir: string;
let server: TestServer;
let twilio: ReturnType<typeof startFakeTwilio>;
let admin: Person;
let memberId: string;
const held: PinnedConnection[] = [];

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-locks-" });
  const kvPath = join(dir, "hopper.kv");
  admin = (await seedPeople(kvPath, { riders: 0, drivers: 0, admins: 1 })).admins[0];
  // Both numbers one miss short of the lock, as 49 strangers' misses this year leave them; the member never signed in.
  const kv = await openStore(kvPath);
  try {
    const now = Date.now();
    const member = await getOrCreateUserByPhone(kv, MEMBER, now);
    await changeRole(kv, { tenant: "greer", userId: member.id, role: "rider", add: true, now });
    memberId = member.id;
    for (const phone of [OWNER, MEMBER]) {
      await kv.set(keys.numberFailures(phone), { count: NUMBER_FAILURES_PER_YEAR - 1, since: now - 60_000 });
    }
  } finally {
    kv.close();
  }
  twilio = startFakeTwilio();
  server = await startServer({
    env: { KV_PATH: kvPath, ...SEEDED_ENV, ...twilio.env, TRUST_PROXY: "true" },
    isolates: 2,
  });
}, 60_000);

afterAll(async () => {
  for (const c of held.splice(0)) c.close();
  await server?.stop();
  await twilio?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

let nextAddress = 0;
const fresh = () => `198.18.7.${++nextAddress}`;

function headers(address: string, device?: string | null): Record<string, string> {
  return { "x-forwarded-for": address, ...(device ? { cookie: `hopper_device=${device}` } : {}) };
}

async function login(on: PinnedConnection, phone: string, address: string, device?: string | null) {
  const res = await on.request("POST", "/api/auth/login", {
    headers: headers(address, device),
    body: { phoneNumber: phone },
  });
  expect(res.status, res.text).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}

function verify(
  on: PinnedConnection,
  phone: string,
  code: string,
  challenge: string,
  address: string,
  device?: string | null,
): Promise<RawAnswer> {
  return on.request("POST", "/api/auth/verify", {
    headers: headers(address, device),
    body: { phoneNumber: phone, code, challenge, tenantCode: "greer" },
  });
}

const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

function deviceKeyOf(res: RawAnswer): string | null {
  for (const cookie of res.headers.getSetCookie()) {
    const found = cookie.match(/^hopper_device=([\w-]{22});/);
    if (found) return found[1];
  }
  return null;
}

describe("a number strangers locked, across two isolates", () => {
  it(
    "holds in both; the owner's device passes; the member waits for their admin's unlock",
    { timeout: 60_000 },
    async () => {
      const [a, b] = await PinnedConnection.onEachIsolate(server.port, 2);
      held.push(a, b);
      expect(a.isolate).not.toBe(b.isolate);

      // The owner signs in through A on their phone: it keeps a device key.
      const home = fresh();
      let challenge = await login(a, OWNER, home);
      const first = await verify(a, OWNER, twilio.codeFor(OWNER)!, challenge, home);
      expect(first.status, first.text).toBe(200);
      const device = deviceKeyOf(first);
      expect(device).not.toBeNull();

      // A stranger's 50th miss, through A, locks both numbers.
      for (const phone of [OWNER, MEMBER]) {
        const stranger = fresh();
        challenge = await login(a, phone, stranger);
        expect((await verify(a, phone, wrong(twilio.codeFor(phone)!), challenge, stranger)).status).toBe(401);
      }

      // Through B, even the right code from an address the number never used meets the lock.
      for (const phone of [OWNER, MEMBER]) {
        const away = fresh();
        challenge = await login(b, phone, away);
        const locked = await verify(b, phone, twilio.codeFor(phone)!, challenge, away);
        expect(locked.status, phone).toBe(429);
        expect(locked.json<{ error: string }>().error).toMatch(LOCKED);
      }

      // The owner's phone, on a new network, through B: let in.
      const travelling = fresh();
      challenge = await login(b, OWNER, travelling, device);
      const owner = await verify(b, OWNER, twilio.codeFor(OWNER)!, challenge, travelling, device);
      expect(owner.status, owner.text).toBe(200);

      // The admin sees the member locked and unlocks them through A; through B the member is let in at once.
      const auth = { authorization: `Bearer ${admin.token}` };
      const list = await a.request("GET", "/greer/api/users", { headers: auth });
      const users = list.json<{ users: { id: string; signInLocked?: boolean }[] }>().users;
      expect(users.find((u) => u.id === memberId)?.signInLocked).toBe(true);
      const unlock = await a.request("DELETE", `/greer/api/users/${memberId}/sign-in-lock`, { headers: auth });
      expect(unlock.status, unlock.text).toBe(204);
      const newcomer = fresh();
      challenge = await login(b, MEMBER, newcomer);
      const member = await verify(b, MEMBER, twilio.codeFor(MEMBER)!, challenge, newcomer);
      expect(member.status, member.text).toBe(200);
    },
  );
});
