import { formatPhoneInput } from "../../lib/phone.ts";

/**
 * One edit of the phone field, kept in the (###) ###-#### form while the
 * person types. Returns the new value and where the caret goes: after the
 * same digits it followed before the edit. Deleting a bracket, space or dash
 * deletes the digit beside it instead (else the formatting would put it
 * straight back and the key would seem dead), and a pasted or autofilled
 * +1 country code is dropped.
 */
export function editPhone(
  previous: string,
  raw: string,
  caret: number | null,
  forward = false,
): { value: string; caret: number } {
  let digits = raw.replace(/\D/g, "");
  let before = raw.slice(0, caret ?? raw.length).replace(/\D/g, "").length;
  if (raw.length < previous.length && digits === previous.replace(/\D/g, "")) {
    if (forward) digits = digits.slice(0, before) + digits.slice(before + 1);
    else if (before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
  }
  if (digits.length === 11 && digits[0] === "1") {
    digits = digits.slice(1);
    before = Math.max(0, before - 1);
  }
  digits = digits.slice(0, 10);
  before = Math.min(before, digits.length);
  const value = formatPhoneInput(digits);
  let at = 0;
  for (let seen = 0; at < value.length && seen < before; at++) if (/\d/.test(value[at])) seen++;
  return { value, caret: at };
}
