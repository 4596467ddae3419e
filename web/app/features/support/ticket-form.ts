import type { FieldErrors } from "~/lib/use-api-form";
import { checkFiles } from "./components/file-picker";

export type NewTicketFields = {
  title: string;
  description: string;
  customer_id?: string;
  files: File[];
};

/** The new-ticket form's own checks: a title, a description, (staff) a customer, acceptable files. */
export function validateNewTicket(v: NewTicketFields, staff: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.title.trim()) errors.title = "Enter a title.";
  if (!v.description.trim()) errors.description = "Describe the problem.";
  if (staff && !v.customer_id) errors.customer_id = "Choose the customer this ticket is for.";
  const fileError = checkFiles(v.files);
  if (fileError) errors.files = fileError;
  return errors;
}

/**
 * The error a field shows: the one from the last submit until the person edits the field; after
 * that only what the form's own check still finds in the current value, so a fixed field is clear.
 */
export function shownError(submitted: string | undefined, edited: boolean, current: string | undefined): string | undefined {
  if (!submitted) return undefined;
  return edited ? current : submitted;
}
