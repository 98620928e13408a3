/** Phone numbers (spec section 5): 10 US digits inside, formatted for people outside. */

export const PHONE_ERROR = "Please enter a valid 10-digit phone number";

/** Strips everything but digits; returns the 10 digits, or null when there are not exactly 10. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  return digits.length === 10 ? digits : null;
}

/**
 * Display form: 10 digits → (AAA) BBB-CCCC; 11 digits starting with 1 →
 * +1 (AAA) BBB-CCCC; anything else unchanged; empty → empty.
 */
export function formatPhone(input: string | null | undefined): string {
  if (!input) return "";
  const digits = input.replace(/\D/g, "");
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11 && digits[0] === "1") {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return input;
}

/** As a person types: (8, (864) 5, (864) 555-0 … up to 10 digits. */
export function formatPhoneInput(input: string): string {
  const d = input.replace(/\D/g, "").slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** For logs: only the last two digits survive. */
export function maskPhone(phone: string): string {
  return phone.length >= 2 ? `********${phone.slice(-2)}` : "**";
}

/** tel: link for a US number as stored (10 digits). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : digits.length === 11 ? `+${digits}` : digits}`;
}

/**
 * A number as Twilio writes it (E.164, "+18645550142") → the 10 US digits
 * Hopper keys people by; null for any other country or shape (short codes,
 * "whatsapp:…"). Twilio's From on an incoming text (routes/api/sms_inbound.ts).
 */
export function phoneFromE164(input: string): string | null {
  const m = /^\+1(\d{10})$/.exec(input.trim());
  return m ? m[1] : null;
}
