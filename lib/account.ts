/** The signed-in user as the API answers it (spec section 3, User): one shape for server and browser. */
import type { Lang } from "./i18n/lang.ts";
import type { Need } from "./needs.ts";
import type { Role } from "./roles.ts";

export interface AccountTenant {
  code: string;
  name: string;
  roles: Role[];
}

export interface Account {
  id: string;
  name: string | null;
  email: string | null;
  phoneNumber: string;
  photoUrl: string | null;
  createdAt: number;
  tenants: AccountTenant[];
  /** The language the person chose; absent until they choose. Texts sent to them use it. */
  language?: Lang;
  /**
   * Texts about their rides, on unless they turned them off in
   * Profile Settings. The server always says; a copy stored before it did may lack it (on).
   */
  rideTexts?: boolean;
  /** Texts too when a device with ride alerts on was pushed the notice. */
  textsWithPush?: boolean;
  /** Standing accessibility needs, copied onto each ride they request; a copy stored before them may lack it (none). */
  needs?: Need[];
}
