/**
 * Deleting one's own account: the confirmation both sides check
 * (the last four digits of the person's phone, typed on Profile Settings and
 * sent as the DELETE body) and the server's refusals. The digits are a
 * confirmation against a slip or a one-call script, not a second factor: the
 * signed-in session can read the number from its own profile.
 */
import type { Text } from "./i18n/catalogue.ts";

export const CONFIRM_DIGITS_TEXT: Text = "Type the last four digits of your phone number to confirm.";
export const CONFIRM_MISMATCH_TEXT: Text = "Those digits are not the end of your phone number.";
export const LAST_SUPER_TEXT: Text =
  "You are the last super admin. Make someone else a super admin before deleting your account.";

/** The last four digits of a stored phone number. */
export function lastFour(phone: string): string {
  return phone.replace(/\D/g, "").slice(-4);
}

/** Whether `typed` (as the person typed it: spaces allowed) confirms the deletion of the account of `phone`. */
export function confirmsDeletion(typed: string, phone: string): boolean {
  const digits = typed.replace(/\s/g, "");
  return /^[0-9]{4}$/.test(digits) && digits === lastFour(phone);
}
