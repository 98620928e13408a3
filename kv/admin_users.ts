/**
 * The people of a tenant as the admin Users screen reads them (spec section
 * 2 "Admin Users", section 4 "User status badge", plus `blocked`):
 * one shape for the list and for the answers about one person.
 */
import type { Role } from "../lib/roles.ts";
import { withSuper } from "./accounts.ts";
import { availableAmong } from "./drivers.ts";
import type { Membership } from "./members.ts";
import { activeStatusOfRiders } from "./ride_reads.ts";
import type { User } from "./users.ts";
import { type DriverRating, driverRatings } from "./ride_feedback.ts";
import { noShowStandings } from "./no_shows.ts";
import { locksOf } from "./number_locks.ts";
import { recentTenant } from "./tenants.ts";
import { DEFAULT_NO_SHOW } from "../lib/no_show.ts";
import { settingsOf } from "../lib/tenant_settings.ts";

export interface AdminUserView {
  id: string;
  name: string | null;
  email: string | null;
  phoneNumber: string;
  photoUrl: string | null;
  roles: Role[];
  status: string;
  createdAt: number;
  /** Present, true, only for a member an admin blocked. */
  blocked?: true;
  /** Riders: their counted no-shows, and until when their requests are paused (null when not). */
  noShows?: number;
  suspendedUntil?: number | null;
  /** Drivers: the average of their ratings and how many; absent before the first. */
  rating?: DriverRating;
  /** Present, true, while strangers' wrong codes keep the number locked (kv/number_locks.ts): an admin may unlock it. */
  signInLocked?: true;
}

/**
 * Each user with their membership in the tenant, status read in bulk: drivers
 * available/unavailable, others their ride's. The tenant sees what it knows:
 * its own label for a person in place of their name; for someone an admin
 * added who has not signed in here since, nothing of their own profile (no
 * name, email or photo, and the day they joined here for createdAt). A super
 * admin's "super" shows only to a super admin (`viewerIsSuper`).
 */
export async function adminUserViews(
  kv: Deno.Kv,
  tenant: string,
  members: Map<string, Membership>,
  users: User[],
  now: number,
  { viewerIsSuper }: { viewerIsSuper: boolean },
): Promise<AdminUserView[]> {
  const driverIds = users.filter((u) => members.get(u.id)!.roles.includes("driver")).map((u) => u.id);
  const available = await availableAmong(kv, tenant, driverIds, now);
  const riding = await activeStatusOfRiders(kv, tenant, users.map((u) => u.id));
  const riderIds = users.filter((u) => members.get(u.id)!.roles.includes("rider")).map((u) => u.id);
  const found = await recentTenant(kv, tenant);
  const policy = found ? settingsOf(found).noShow : DEFAULT_NO_SHOW;
  const standings = await noShowStandings(kv, tenant, riderIds, policy, now);
  const ratings = await driverRatings(kv, tenant, driverIds);
  const locks = await locksOf(kv, users.map((u) => u.phoneNumber), now);
  const status = (id: string) =>
    driverIds.includes(id) ? (available.has(id) ? "available" : "unavailable") : riding.get(id) ?? "inactive";
  return users.map((u) => {
    const member = members.get(u.id)!;
    const known = !member.invited;
    return {
      id: u.id,
      name: member.label ?? (known ? u.name : null),
      email: known ? u.email : null,
      phoneNumber: u.phoneNumber,
      photoUrl: known ? u.photoUrl : null,
      roles: viewerIsSuper ? withSuper(member.roles, u) : member.roles,
      status: status(u.id),
      createdAt: known ? u.createdAt : member.joinedAt,
      ...(member.blocked && { blocked: true as const }),
      ...(standings.has(u.id) &&
        { noShows: standings.get(u.id)!.count, suspendedUntil: standings.get(u.id)!.suspendedUntil }),
      ...(ratings.has(u.id) && { rating: ratings.get(u.id) }),
      ...(locks.has(u.phoneNumber) && { signInLocked: true as const }),
    };
  });
}
