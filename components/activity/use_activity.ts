/**
 * An audit list's state: the first page, then older pages by the
 * X-Next-Cursor header ("Load more"). `path` is the tenant's
 * /{t}/api/admin/audit or the provider's /api/super/audit.
 */
import { useCallback, useEffect, useState } from "react";
import { apiWithHeaders } from "../../browser/auth_client.ts";
import type { ActivityEntry } from "./audit_words.ts";

export function useActivity(path: string, tenant?: string) {
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [phase, setPhase] = useState<"loading" | "ready" | "error">("loading");
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(async (after: string | null) => {
    const query = after ? `?cursor=${encodeURIComponent(after)}` : "";
    const { data, headers } = await apiWithHeaders<ActivityEntry[]>(`${path}${query}`, { tenant, requireToken: true });
    setEntries((list) => [...(after ? list : []), ...(Array.isArray(data) ? data : [])]);
    setCursor(headers.get("x-next-cursor"));
  }, [path, tenant]);

  useEffect(() => {
    load(null).then(() => setPhase("ready"), () => setPhase("error"));
  }, [load]);

  const more = useCallback(async () => {
    setLoadingMore(true);
    try {
      await load(cursor);
    } catch {
      setPhase("error");
    } finally {
      setLoadingMore(false);
    }
  }, [load, cursor]);

  return { entries, phase, hasMore: cursor !== null, loadingMore, more };
}
