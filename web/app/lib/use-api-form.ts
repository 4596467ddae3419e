import { useState, type FormEvent } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { ApiError } from "./api";

export type FieldErrors = Record<string, string>;
export type FormErrors = { message: string | null; fields: FieldErrors };

const NO_ERRORS: FormErrors = { message: null, fields: {} };

/** What a failed call means for a form: the general message, and per-field messages from a 422's `fields`. */
export function formErrorsOf(error: unknown, fallback: string): FormErrors {
  if (error === null || error === undefined) return NO_ERRORS;
  if (error instanceof ApiError) return { message: error.message || fallback, fields: error.fields };
  return { message: fallback, fields: {} };
}

/** The id of a field's error message, for aria-describedby. */
export const fieldErrorId = (fieldId: string) => `${fieldId}-error`;

/** The attributes that tie a control to its error: aria-invalid and aria-describedby (error first, then any hint). */
export function fieldAria(fieldId: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? fieldErrorId(fieldId) : undefined, hintId].filter(Boolean).join(" ");
  return {
    id: fieldId,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/**
 * Focuses (and so scrolls to) the form's first control marked invalid, once the errors are drawn: in a
 * long form, or a dialog scrolled down to its button, the messages would otherwise be out of sight.
 */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A form on top of a mutation hook: client checks first, then the call; the API's 422 `fields` land on the
 * matching inputs and its message above the form; `submitting` is true while the call is in flight.
 */
export function useApiForm<TData, TValues>(
  mutation: UseMutationResult<TData, unknown, TValues, unknown>,
  { idPrefix, fallbackMessage = "Something went wrong. Please try again." }: { idPrefix: string; fallbackMessage?: string },
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const server = formErrorsOf(mutation.error, fallbackMessage);
  const fields: FieldErrors = { ...server.fields, ...clientErrors };

  const fieldId = (name: string) => `${idPrefix}-${name}`;

  /** Checks, then calls; false when a client check stopped it. */
  function submit(values: TValues, validate?: (values: TValues) => FieldErrors, options?: Parameters<typeof mutation.mutate>[1]): boolean {
    if (mutation.isPending) return true;
    const found = validate?.(values) ?? {};
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      mutation.reset();
      return false;
    }
    mutation.mutate(values, options);
    return true;
  }

  return {
    submitting: mutation.isPending,
    formError: server.message,
    fieldError: (name: string): string | undefined => fields[name],
    /** Props for FormField: its id and error. */
    field: (name: string) => ({ id: fieldId(name), error: fields[name] }),
    /** Props for a bare control: id, aria-invalid and aria-describedby. */
    control: (name: string) => fieldAria(fieldId(name), fields[name]),
    submit,
    onSubmit:
      (values: () => TValues, validate?: (values: TValues) => FieldErrors, options?: Parameters<typeof mutation.mutate>[1]) =>
      (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = event.currentTarget;
        if (!submit(values(), validate, options)) focusFirstInvalid(form);
      },
    clearErrors: () => {
      setClientErrors({});
      mutation.reset();
    },
  };
}
