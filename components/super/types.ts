/** An organisation as GET /api/super/tenants answers it (kv/tenant_overview.ts). */
export interface TenantRow {
  code: string;
  name: string;
  status: "active" | "suspended";
  members: number;
  ridesLast7Days: number;
  createdAt: number;
}

/** Reads the organisations again (after a change). */
export type Reload = () => Promise<void>;
