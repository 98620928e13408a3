/**
 * The receiving side of kv/forget_notes.ts: a drop noted by another isolate
 * is done here without being noted again (no echo between isolates).
 */
import type { ForgetNote } from "./forget_notes.ts";
import { dropActiveRides } from "./rides.ts";
import { dropSignedIn } from "./signed_in.ts";
import { dropTenants } from "./tenants.ts";

export function dropNoted(kv: Deno.Kv, note: ForgetNote): void {
  if (note.what === "tenants") dropTenants(kv, note.group);
  else if (note.what === "signed_in") dropSignedIn(kv);
  else if (note.what === "active_rides" && note.group !== undefined) dropActiveRides(kv, note.group);
}
