/**
 * Every KV key shape in one place: no other module writes a raw key array.
 * Plural snake_case prefixes, most specific part last (STYLE.md "Data in KV").
 */
export const keys = {
  meta: (name: "initialized") => ["meta", name] as const,
  tenant: (code: string) => ["tenants", code] as const,
  tenants: () => ["tenants"] as const,
  schedule: (tenant: string) => ["schedule", tenant] as const,
  inquiry: (id: string) => ["inquiries", id] as const,
  inquiries: () => ["inquiries"] as const,
  rateWindow: (bucket: string, subject: string, windowStart: number) =>
    ["rate_limits", bucket, subject, windowStart] as const,
  health: () => ["health"] as const,
};
