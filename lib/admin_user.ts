/**
 * A person as the admin Users screen shows them (spec section 2 "Admin
 * Users", section 4 "User status badge"): the one wire shape of GET
 * /{t}/api/users, and of the answers about one person (an add, a block).
 * kv/admin_users.ts makes it; the screen (components/admin/) reads it.
 */
import type { Role } from "./roles.ts";

export interface AdminUser {
  id: string;
  /** The tenant's label for them, else their own name; null when neither is known. */
  name: string | null;
  email: string | null;
  phoneNumber: string;
  photoUrl: string | null;
  /** Their roles here; "super" only to a super admin's eyes. */
  roles: Role[];
  /**
   * Drivers "available" or "unavailable", riders their ride's status, else
   * "inactive". The server always sends it and `createdAt`; the screen shows
   * a row without them (no badge, "Unknown") rather than failing.
   */
  status: string | null;
  createdAt: number | null;
  /** Blocked by an admin: no access to this organization until unblocked. */
  blocked?: boolean;
  /** Riders: their counted no-shows, and until when their requests are paused (null when not). */
  noShows?: number;
  suspendedUntil?: number | null;
  /** Drivers: the average of their ratings (one decimal) and how many; absent before the first. */
  rating?: { average: number; count: number };
  /** Strangers' wrong codes locked the number (kv/number_locks.ts): an admin may unlock it. */
  signInLocked?: boolean;
}
