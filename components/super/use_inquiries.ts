/**
 * The provider's inbox state: the inquiries from
 * GET /api/super/inquiries, read when the console opens (the navigation
 * shows how many are unhandled), and marking one handled.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../browser/auth_client.ts";

/** An inquiry as GET /api/super/inquiries answers it (routes/api/super_inquiries.ts). */
export interface InquiryRow {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  organization?: string;
  message: string;
  tenant: string | null;
  tenantName: string | null;
  handled: boolean;
}

export function useInquiries() {
  const [inquiries, setInquiries] = useState<InquiryRow[]>([]);
  const [phase, setPhase] = useState<"loading" | "ready" | "error">("loading");

  useEffect(() => {
    api<InquiryRow[]>("/api/super/inquiries", { requireToken: true }).then((rows) => {
      setInquiries(Array.isArray(rows) ? rows : []);
      setPhase("ready");
    }, () => setPhase("error"));
  }, []);

  /** Marks it handled; false when the server refused. */
  const markHandled = useCallback(async (id: string) => {
    try {
      await api(`/api/super/inquiries/${id}`, { method: "PUT", body: { handled: true } });
      setInquiries((list) => list.map((i) => i.id === id ? { ...i, handled: true } : i));
      return true;
    } catch {
      return false;
    }
  }, []);

  return { inquiries, phase, unhandled: inquiries.filter((i) => !i.handled).length, markHandled };
}
