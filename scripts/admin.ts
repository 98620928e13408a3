/**
 * `deno task admin <command>`: the operator's command line. It opens the same
 * KV the server uses (KV_PATH) and goes through kv/ like the server does.
 */
import { openStore } from "../kv/open.ts";
import { createTenant, listTenants } from "../kv/tenants.ts";
import { ConfigError, loadConfig } from "../lib/config.ts";
import { type Schedule, serviceAreaSchema, type Tenant, tenantCodeSchema } from "../lib/schemas.ts";
import { parseArgs } from "node:util";

const HELP = `Hopper admin

Usage: deno task admin <command> [options]

Commands:
  tenant list                       List every tenant.
  tenant create --code CODE --name NAME --lat=LAT --lng=LNG
                [--radius METERS] [--label "downtown X"] [--timezone ZONE]
                                    Create a tenant (empty schedule; radius 805 m,
                                    timezone America/New_York unless given).
  help                              Show this text.

Example:
  deno task admin tenant create --code greer --name "City of Greer" --lat=34.9387 --lng=-82.2271

Environment: KV_PATH (default ./data/shuttle.kv) picks the store.`;

export async function runAdmin(args: string[], kv: Deno.Kv, out: (line: string) => void): Promise<number> {
  const [group, command, ...rest] = args;
  if (group === "tenant" && command === "list") {
    const tenants = await listTenants(kv);
    if (tenants.length === 0) out("No tenants.");
    for (const t of tenants) {
      const { lat, lng, radiusMeters } = t.serviceArea;
      out(`${t.code}\t${t.name}\t${t.timezone}\t${lat},${lng} r=${radiusMeters}m`);
    }
    return 0;
  }
  if (group === "tenant" && command === "create") {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: {
          code: { type: "string" },
          name: { type: "string" },
          lat: { type: "string" },
          lng: { type: "string" },
          radius: { type: "string", default: "805" },
          label: { type: "string" },
          timezone: { type: "string", default: "America/New_York" },
        },
      }));
    } catch (err) {
      return fail(out, (err as Error).message.split("\n")[0] + " (write negative numbers as --lng=-82.2271)");
    }
    const code = tenantCodeSchema.safeParse(values.code ?? "");
    if (!code.success) return fail(out, `--code: ${code.error.issues[0].message}`);
    const name = values.name?.trim();
    if (!name) return fail(out, "--name is required");
    if (!isTimeZone(values.timezone!)) return fail(out, `--timezone: unknown time zone "${values.timezone}"`);
    const area = serviceAreaSchema.safeParse({
      lat: Number(values.lat),
      lng: Number(values.lng),
      radiusMeters: Number(values.radius),
      label: values.label ?? `downtown ${name}`,
    });
    if (values.lat === undefined || values.lng === undefined || !area.success) {
      return fail(out, "--lat and --lng must be coordinates and --radius a distance in meters (up to 50000)");
    }
    const tenant: Tenant = {
      code: code.data,
      name,
      timezone: values.timezone!,
      serviceArea: area.data,
      createdAt: Date.now(),
    };
    const empty: Schedule = { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] };
    if (!await createTenant(kv, tenant, empty)) return fail(out, `A tenant with code "${tenant.code}" already exists`);
    out(`Created ${tenant.name} at /${tenant.code}`);
    return 0;
  }
  out(HELP);
  return group === undefined || group === "help" ? 0 : 2;
}

function fail(out: (line: string) => void, message: string): number {
  out(`Error: ${message}`);
  return 1;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  let kvPath: string | null;
  try {
    kvPath = loadConfig(Deno.env.toObject()).kvPath;
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    Deno.exit(1);
  }
  const kv = await openStore(kvPath);
  const code = await runAdmin(Deno.args, kv, console.log);
  kv.close();
  Deno.exit(code);
}
