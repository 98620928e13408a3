/**
 * `deno task admin <command>`: the operator's command line. It opens the same
 * KV the server uses (KV_PATH) and goes through kv/ like the server does.
 */
import type { Store } from "../kv/store.ts";
import { parseArgs } from "node:util";
import { refusalText } from "../domain/refusal.ts";
import { changeSettings } from "../domain/tenants/change_settings.ts";
import { unlockAny } from "../domain/sign_in/unlock.ts";
import { createTenant } from "../domain/tenants/create.ts";
import { exportEntries, importEntries } from "../kv/backup.ts";
import { ADMIN_CLI } from "../kv/audit.ts";
import { changeRole } from "../kv/members.ts";
import { migrateStore } from "../kv/migrations.ts";
import { rebuildRideStats } from "../kv/ride_stats.ts";
import { rebuildReports } from "../kv/report_rebuild.ts";
import { openStore } from "../kv/open.ts";
import { setTenantStatus } from "../kv/tenant_overview.ts";
import { getTenant, listTenants } from "../kv/tenants.ts";
import { getOrCreateUserByPhone, updateUser } from "../kv/users.ts";
import { ConfigError, loadConfig } from "../lib/config.ts";
import { formatPhone, normalizePhone } from "../lib/phone.ts";
import { isTenantRole, TENANT_ROLES } from "../lib/roles.ts";
import { hasHiddenCharacters, hiddenCharactersText, TENANT_STATUSES, type TenantStatus } from "../lib/schemas.ts";
import { settingsOf } from "../lib/tenant_settings.ts";
import { parseCordeau, solveCordeau } from "../domain/dispatch/cordeau.ts";

const HELP = `Hopper admin

Usage: deno task admin <command> [options]

Commands:
  tenant:list                       List every tenant.
  tenant:create --code CODE --name NAME --lat=LAT --lng=LNG
                [--radius-m METERS] [--area-label "downtown X"] [--timezone ZONE]
                                    Create a tenant with an empty weekly schedule
                                    (defaults: 805 m, America/New_York); the
                                    radius is 200 to 20000 m, as on its settings page.
  tenant:update --code CODE [--status active|suspended] [--name NAME] [--sms-per-hour N]
                [--radius-m METERS] [--lat=LAT --lng=LNG] [--area-label "downtown X"]
                [--join open|invite] [--sms-regions PR,VI] [--dispatch drivers|automatic]
                [--sms-number +15551234567]
                                    Change a tenant's settings, as its settings page
                                    does (recorded in its audit trail as "admin CLI");
                                    --status suspended pauses it (no new rides, no
                                    driver going online), active resumes it;
                                    --sms-per-hour is the sign-in texts an hour its
                                    sign-ins may send: 0 stops them, else 10 to
                                    100000 (default 500; its admins may set up to
                                    2000); --join invite lets only people an admin
                                    added sign in (default open); --sms-regions
                                    lets its texts reach +1 numbers beyond US and
                                    Canada, e.g. PR,VI ("" for none, the default);
                                    --dispatch drivers lets drivers choose rides from
                                    the list (the default), automatic assigns each
                                    to a vehicle; --sms-number is its own Twilio
                                    number, which riders text to book and its texts
                                    come from ("" to share the site's number).
  user:grant --tenant CODE --phone PHONE --role rider|driver|dispatcher|admin
                                    Give a role; the user is created if they have
                                    never signed in.
  user:revoke --tenant CODE --phone PHONE --role rider|driver|dispatcher|admin
                                    Take a role away.
  user:super --phone PHONE [--revoke]
                                    Make (or unmake) a super admin.
  user:unlock --phone PHONE         Unlock a number strangers locked with wrong codes, so
                                    its owner can sign in on a new phone at once (it unlocks
                                    by itself a year after the first failure); recorded in
                                    the activity of its organisations (or the provider's).
  stats:rebuild --tenant CODE       Recount a tenant's trips by status (after importing old data);
                                    run it with the server stopped.
  reports:rebuild --tenant CODE     Recompute a tenant's report figures from its rides (after
                                    importing old data or changing its time zone); server stopped.
  export --out FILE                 Write every KV entry to FILE as JSON lines (a backup,
                                    mode 0600; no sessions, codes or secrets: people sign in again).
  import --in FILE [--force]        Load a backup into an empty store (--force: a non-empty one).
  dispatch:solve --in FILE [--seconds S]
                                    Plan a dial-a-ride instance in the format of Cordeau
                                    and Laporte (tests/fixtures/cordeau/) with the
                                    dispatch engine, improving for S seconds (default 4),
                                    and print {routes, cost, served, seconds} as JSON.
  help                              Show this text.

Negative numbers need "=": --lng=-82.2271
Example:
  deno task admin tenant:create --code greer --name "City of Greer" --lat=34.9387 --lng=-82.2271

Environment: KV_PATH (default ./data/shuttle.kv) picks the store; a KV Connect URL there
(https://…) also needs DENO_KV_ACCESS_TOKEN and the servers' JWT_SECRET.`;

type Out = (line: string) => void;

class UsageError extends Error {}

/** The command-line flag of a settings field the rules refused. */
function cliFlag(field: string): string {
  const flags: Record<string, string> = {
    code: "code",
    name: "name",
    smsPerHour: "sms-per-hour",
    smsRegions: "sms-regions",
    smsNumber: "sms-number",
    "serviceArea.radiusMeters": "radius-m",
    "serviceArea.lat": "lat",
    "serviceArea.label": "area-label",
    joinPolicy: "join",
    dispatchMode: "dispatch",
  };
  return flags[field] ?? field;
}

function options(args: string[], spec: Record<string, "string" | "boolean">) {
  try {
    return parseArgs({
      args,
      options: Object.fromEntries(Object.entries(spec).map(([k, type]) => [k, { type }])),
      strict: true,
    }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]);
  }
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value.trim();
}

function phoneOption(values: Record<string, string | boolean | undefined>): string {
  const phone = normalizePhone(required(values, "phone"));
  if (!phone) throw new UsageError("--phone must be a 10-digit phone number");
  return phone;
}

const commands: Record<string, (kv: Store, args: string[], out: Out) => Promise<void>> = {
  async "tenant:list"(kv, _args, out) {
    const tenants = await listTenants(kv);
    if (tenants.length === 0) out("No tenants.");
    for (const t of tenants) {
      const { lat, lng, radiusMeters } = t.serviceArea;
      out(`${t.code}\t${t.name}\t${t.timezone}\t${lat},${lng} r=${radiusMeters}m`);
    }
  },

  async "tenant:create"(kv, args, out) {
    const values = options(args, {
      code: "string",
      name: "string",
      lat: "string",
      lng: "string",
      "radius-m": "string",
      "area-label": "string",
      timezone: "string",
    });
    const name = required(values, "name");
    // The CLI's own words for what a typed flag holds; the rules themselves are every door's (domain/tenants/create.ts).
    if (hasHiddenCharacters(name)) throw new UsageError(`--name: ${hiddenCharactersText("Name")}`);
    const label = (values["area-label"] as string | undefined) ?? `downtown ${name}`;
    if (hasHiddenCharacters(label)) throw new UsageError(`--area-label: ${hiddenCharactersText("Area label")}`);
    const timezone = (values.timezone as string | undefined) ?? "America/New_York";
    const serviceArea = {
      lat: Number(required(values, "lat")),
      lng: Number(required(values, "lng")),
      radiusMeters: Number(values["radius-m"] ?? 805),
      label,
    };
    const made = await createTenant(kv, { code: values.code ?? "", name, serviceArea, timezone }, { now: Date.now() });
    if (made.refused) {
      if (made.status === 409) throw new UsageError(`A tenant with code "${values.code}" already exists`);
      if (made.field === "serviceArea.lat") throw new UsageError("--lat and --lng must be coordinates");
      if (made.field === "timezone") throw new UsageError(`--timezone: unknown time zone "${timezone}"`);
      throw new UsageError(`--${cliFlag(made.field ?? "")}: ${refusalText("en", made)}`);
    }
    const tenant = made.value;
    out(`Created ${tenant.name} at /${tenant.code}`);
  },

  async "tenant:update"(kv, args, out) {
    const values = options(args, {
      code: "string",
      name: "string",
      "sms-per-hour": "string",
      "radius-m": "string",
      lat: "string",
      lng: "string",
      "area-label": "string",
      join: "string",
      status: "string",
      "sms-regions": "string",
      "sms-number": "string",
      dispatch: "string",
    });
    const code = required(values, "code");
    const current = await getTenant(kv, code);
    if (!current) throw new UsageError(`No tenant with code "${code}"`);
    // Pause or resume, as the provider's console does; alone, or before the settings below.
    const status = values.status as string | undefined;
    if (status !== undefined && !TENANT_STATUSES.includes(status as TenantStatus)) {
      throw new UsageError(`--status must be one of: ${TENANT_STATUSES.join(", ")}`);
    }
    const others = [
      "name",
      "sms-per-hour",
      "radius-m",
      "lat",
      "lng",
      "area-label",
      "join",
      "sms-regions",
      "dispatch",
      "sms-number",
    ]
      .some((k) => values[k] !== undefined);
    if (status !== undefined) {
      const tenant = await setTenantStatus(kv, code, status as TenantStatus, { by: ADMIN_CLI, now: Date.now() });
      if (!tenant) throw new UsageError(`No tenant with code "${code}"`);
      if (!others) return out(`${tenant.name} is ${status === "suspended" ? "paused" : "active"}`);
    }
    // The settings page's rules (domain/tenants/change_settings.ts); the operator may give what super admins may.
    const body: Record<string, unknown> = {};
    if (values.name !== undefined) body.name = values.name;
    if (values.join !== undefined) body.joinPolicy = values.join;
    if (values.dispatch !== undefined) body.dispatchMode = values.dispatch;
    const area = ["radius-m", "lat", "lng", "area-label"].some((k) => values[k] !== undefined);
    if (area) {
      const number = (key: string, fallback: number) => values[key] === undefined ? fallback : Number(values[key]);
      body.serviceArea = {
        lat: number("lat", current.serviceArea.lat),
        lng: number("lng", current.serviceArea.lng),
        radiusMeters: number("radius-m", current.serviceArea.radiusMeters),
        label: (values["area-label"] as string | undefined) ?? current.serviceArea.label,
      };
    }
    const typed = values["sms-per-hour"] as string | undefined;
    if (typed !== undefined) body.smsPerHour = typed.trim() === "" ? NaN : Number(typed);
    const regions = values["sms-regions"] as string | undefined;
    if (regions !== undefined) body.smsRegions = regions.split(",").map((r) => r.trim()).filter(Boolean);
    const smsNumber = values["sms-number"] as string | undefined;
    if (smsNumber !== undefined) body.smsNumber = smsNumber.trim() === "" ? null : smsNumber;
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        "Nothing to change: give --status, --name, --sms-per-hour, --radius-m, --lat/--lng, --area-label, --join, " +
          "--sms-regions, --dispatch or --sms-number",
      );
    }
    const changed = await changeSettings(kv, {
      tenant: current,
      body,
      by: ADMIN_CLI,
      roles: ["super"],
      now: Date.now(),
    });
    if (changed.refused) {
      if (changed.status === 404) throw new UsageError(`No tenant with code "${code}"`);
      throw new UsageError(`--${cliFlag(changed.field ?? "")}: ${refusalText("en", changed)}`);
    }
    const { tenant } = changed.value;
    const only = Object.keys(body).length === 1 ? Object.keys(body)[0] : null;
    const s = settingsOf(tenant);
    if (only === "smsPerHour") {
      return out(`${s.name} may send ${s.smsPerHour} sign-in texts an hour`);
    }
    if (only === "smsRegions") {
      return out(`${s.name} may text ${["US", "CA", ...s.smsRegions].join(", ")} numbers`);
    }
    const who = s.joinPolicy === "invite" ? "only people an admin added may join" : "anyone who signs in may join";
    if (only === "joinPolicy") return out(`${s.name}: ${who}`);
    if (only === "smsNumber") {
      return out(`${s.name}: ${s.smsNumber ? `riders text ${s.smsNumber}` : "texts share the site's number"}`);
    }
    if (only === "dispatchMode") {
      return out(
        `${s.name}: ${s.dispatchMode === "automatic" ? "rides are assigned to vehicles" : "drivers choose rides"}`,
      );
    }
    out(
      `${s.name}: within ${s.serviceArea.radiusMeters} m of ${s.serviceArea.label} ` +
        `(${s.serviceArea.lat}, ${s.serviceArea.lng}); ${s.smsPerHour} sign-in texts an hour` +
        (s.joinPolicy === "invite" ? `; ${who}` : ""),
    );
  },

  async "dispatch:solve"(_kv, args, out) {
    const values = options(args, { in: "string", seconds: "string" });
    const file = required(values, "in");
    const seconds = values.seconds === undefined ? 4 : Number(values.seconds);
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600) {
      throw new UsageError("--seconds must be a number from 0 to 600");
    }
    let text: string;
    try {
      text = await Deno.readTextFile(file);
    } catch (err) {
      throw new UsageError(`Cannot read ${file}: ${(err as Error).message}`);
    }
    let instance;
    try {
      instance = parseCordeau(text);
    } catch (err) {
      throw new UsageError(`${file} is not a Cordeau-Laporte instance: ${(err as Error).message}`);
    }
    const started = performance.now();
    // Leave room for the first plan and the answer inside the time asked for.
    const answer = solveCordeau(instance, () => performance.now(), Math.max(0, seconds * 1000 - 50));
    const taken = (performance.now() - started) / 1000;
    out(
      JSON.stringify({ ...answer, cost: Math.round(answer.cost * 100) / 100, seconds: Math.round(taken * 100) / 100 }),
    );
  },

  "user:grant": (kv, args, out) => roleCommand(kv, args, out, true),
  "user:revoke": (kv, args, out) => roleCommand(kv, args, out, false),

  async "user:super"(kv, args, out) {
    const values = options(args, { phone: "string", revoke: "boolean" });
    const phone = phoneOption(values);
    const user = await getOrCreateUserByPhone(kv, phone, Date.now());
    await updateUser(kv, user.id, (u) => ({ ...u, isSuper: !values.revoke }));
    out(`${formatPhone(phone)} is ${values.revoke ? "no longer" : "now"} a super admin`);
  },

  async "stats:rebuild"(kv, args, out) {
    const code = required(options(args, { tenant: "string" }), "tenant");
    if (!await getTenant(kv, code)) throw new UsageError(`No tenant with code "${code}"`);
    const counts = await rebuildRideStats(kv, code);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    out(`Recounted ${total} trips in ${code}`);
  },

  async "reports:rebuild"(kv, args, out) {
    const code = required(options(args, { tenant: "string" }), "tenant");
    const tenant = await getTenant(kv, code);
    if (!tenant) throw new UsageError(`No tenant with code "${code}"`);
    const done = await rebuildReports(kv, code, tenant.timezone);
    out(`Rebuilt the reports of ${code}: ${done.rides} rides over ${done.days} days (${tenant.timezone})`);
  },

  async export(kv, args, out) {
    const path = required(options(args, { out: "string" }), "out");
    // Owner-only (0600), even when the file was there before: a backup holds phone numbers.
    const file = await Deno.open(path, { write: true, create: true, truncate: true, mode: 0o600 });
    await Deno.chmod(path, 0o600);
    const writer = file.writable.getWriter();
    const encoder = new TextEncoder();
    try {
      const count = await exportEntries(kv, (line) => writer.write(encoder.encode(line)));
      out(`Exported ${count} entries to ${path}`);
    } finally {
      await writer.close();
    }
  },

  async import(kv, args, out) {
    const values = options(args, { in: "string", force: "boolean" });
    const path = required(values, "in");
    try {
      await Deno.stat(path);
    } catch {
      throw new UsageError(`Cannot read ${path}`);
    }
    try {
      const count = await importEntries(kv, fileLines(path), { force: values.force === true });
      await migrateStore(kv); // a backup of an older store: its shapes as this version reads them
      out(`Imported ${count} entries from ${path}`);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  },

  async "user:unlock"(kv, args, out) {
    const phone = phoneOption(options(args, { phone: "string" }));
    const unlocked = await unlockAny(kv, { typed: phone, by: ADMIN_CLI, now: Date.now() });
    if (unlocked.refused) throw new UsageError(refusalText("en", unlocked));
    out(`${formatPhone(phone)} ${unlocked.value.lifted ? "can sign in again" : "was not locked"}`);
  },
};

/** The lines of a file, read as a stream (a backup can be large). */
async function* fileLines(path: string): AsyncGenerator<string> {
  const file = await Deno.open(path, { read: true });
  let rest = "";
  for await (const chunk of file.readable.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

async function roleCommand(kv: Store, args: string[], out: Out, add: boolean) {
  const values = options(args, { tenant: "string", phone: "string", role: "string" });
  const code = required(values, "tenant");
  const phone = phoneOption(values);
  const role = required(values, "role");
  if (!isTenantRole(role)) throw new UsageError(`--role must be one of: ${TENANT_ROLES.join(", ")}`);
  const tenant = await getTenant(kv, code);
  if (!tenant) throw new UsageError(`No tenant with code "${code}"`);
  const user = await getOrCreateUserByPhone(kv, phone, Date.now());
  const roles = await changeRole(kv, {
    tenant: tenant.code,
    userId: user.id,
    role,
    add,
    now: Date.now(),
    by: ADMIN_CLI,
  });
  out(`${formatPhone(phone)} in ${tenant.name}: ${roles.length ? roles.join(", ") : "no roles"}`);
}

/** Runs one command; answers the exit code (0 ok, 1 refused, 2 unknown command). */
export async function runAdmin(args: string[], kv: Store, out: Out): Promise<number> {
  const [name, ...rest] = args;
  const command = name ? commands[name] : undefined;
  if (!command) {
    out(HELP);
    return name === undefined || name === "help" ? 0 : 2;
  }
  try {
    await command(kv, rest, out);
    return 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out(`Error: ${err.message}`);
    return 1;
  }
}

/** Commands that read no store: they run without the server's configuration, on an empty store in memory. */
const STORELESS = new Set(["dispatch:solve"]);

if (import.meta.main) {
  let kvPath: string | null = ":memory:";
  if (!STORELESS.has(Deno.args[0])) {
    try {
      kvPath = loadConfig(Deno.env.toObject()).kvPath;
    } catch (err) {
      console.error(err instanceof ConfigError ? err.message : err);
      Deno.exit(1);
    }
  }
  const kv = await openStore(kvPath);
  const code = await runAdmin(Deno.args, kv, console.log);
  kv.close();
  Deno.exit(code);
}
