/**
 * The audit trail (kv/audit.ts) of what the provider does to no organisation
 * in particular (unlocking a number that belongs to none: kv/number_locks.ts).
 * No tenant code starts with "-", so it is nobody's code; the console's
 * activity names it "Provider".
 */
export const PROVIDER_TRAIL = "-";
