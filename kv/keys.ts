/**
 * Every KV key shape in one place: no other module writes a raw key array.
 * Plural snake_case prefixes, most specific part last (STYLE.md "Data in KV").
 */
export const keys = {
  meta: (name: "initialized" | "jwt_secret") => ["meta", name] as const,
  user: (id: string) => ["users", id] as const,
  users: () => ["users"] as const,
  userByPhone: (phone: string) => ["users_by_phone", phone] as const,
  member: (tenant: string, userId: string) => ["members", tenant, userId] as const,
  members: (tenant: string) => ["members", tenant] as const,
  userTenant: (userId: string, tenant: string) => ["user_tenants", userId, tenant] as const,
  userTenants: (userId: string) => ["user_tenants", userId] as const,
  session: (id: string) => ["sessions", id] as const,
  userSession: (userId: string, sessionId: string) => ["sessions_by_user", userId, sessionId] as const,
  userSessions: (userId: string) => ["sessions_by_user", userId] as const,
  otp: (phone: string) => ["otp", phone] as const,
  authFailures: (phone: string) => ["auth_failures", phone] as const,
  tenant: (code: string) => ["tenants", code] as const,
  tenants: () => ["tenants"] as const,
  schedule: (tenant: string) => ["schedule", tenant] as const,
  inquiry: (id: string) => ["inquiries", id] as const,
  inquiries: () => ["inquiries"] as const,
  rateWindow: (bucket: string, subject: string, windowStart: number) =>
    ["rate_limits", bucket, subject, windowStart] as const,
  health: () => ["health"] as const,
};
