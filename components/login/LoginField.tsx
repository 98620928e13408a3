/** The one field of a sign-in step: its label, the required input, and the field's error tied to it for screen readers. */
import type { InputHTMLAttributes, RefObject } from "react";
import { useDomId } from "../dom_id.ts";

export function LoginField(
  { label, inputRef, fieldError, ...input }: {
    label: string;
    inputRef: RefObject<HTMLInputElement | null>;
    fieldError: string | null;
  } & InputHTMLAttributes<HTMLInputElement>,
) {
  const id = useDomId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        {...input}
        required
        aria-required="true"
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
      />
      {fieldError && <p id={`${id}-error`} className="field__error" role="alert">{fieldError}</p>}
    </div>
  );
}
