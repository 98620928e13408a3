/** The one field of a sign-in step: its label, the required input, and the field's error tied to it for screen readers. */
import type { FormEvent, InputHTMLAttributes, ReactNode, RefObject } from "react";
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

/** What a sign-in step's form takes from the screen: what submits it, where its input is, and its errors. */
export interface StepFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  fieldError: string | null;
  formError: ReactNode;
}

/** A sign-in step's form: the form's error, a `notice`, the step's one field (`label`, `input`), then its buttons. */
export function StepForm({ form, label, notice, input, children }: {
  form: StepFormProps;
  label: string;
  notice?: ReactNode;
  input: InputHTMLAttributes<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <form className="form login__form" noValidate onSubmit={form.onSubmit}>
      {form.formError}
      {notice}
      <LoginField label={label} inputRef={form.inputRef} fieldError={form.fieldError} {...input} />
      {children}
    </form>
  );
}
