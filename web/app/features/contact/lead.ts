import {
  LeadCompanyMax,
  LeadGoalMax,
  LeadGoalMin,
  LeadNameMax,
  LeadPhoneMax,
  MaxEmailLength,
  type LeadInput,
  type PreferredTime as ApiPreferredTime,
} from "~/lib/api-types.gen";
import { PREFERRED_TIMES } from "~/lib/preferred-times";

export type PreferredTime = ApiPreferredTime;

export { PREFERRED_TIMES };

export const LEAD_LIMITS = {
  nameMax: LeadNameMax,
  emailMax: MaxEmailLength,
  companyMax: LeadCompanyMax,
  phoneMax: LeadPhoneMax,
  goalMin: LeadGoalMin,
  goalMax: LeadGoalMax,
} as const;

export type LeadField = "name" | "email" | "company" | "phone" | "automation_goal" | "preferred_time";

export const LEAD_FIELDS: readonly LeadField[] = ["name", "email", "company", "phone", "automation_goal", "preferred_time"];

export type LeadFormValues = Record<LeadField, string>;

export type LeadPayload = LeadInput;

export type LeadErrors = Partial<Record<LeadField, string>>;

export const EMPTY_LEAD: LeadFormValues = {
  name: "",
  email: "",
  company: "",
  phone: "",
  automation_goal: "",
  preferred_time: "",
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function characterCount(value: string): number {
  return Array.from(value).length;
}

/** The hint under the goal field: how much of its limit the trimmed text uses. */
export function goalHint(value: string): string {
  return `${characterCount(value.trim()).toLocaleString("en-US")} / ${LEAD_LIMITS.goalMax.toLocaleString("en-US")} characters`;
}

/** The id of a field's control in the discovery-call form. */
export function leadFieldId(field: LeadField): string {
  return `lead-${field.replace("_", "-")}`;
}

function isPreferredTime(value: string): value is PreferredTime {
  return PREFERRED_TIMES.some((option) => option.value === value);
}

export function validateLeadField(field: LeadField, raw: string): string | undefined {
  const value = raw.trim();
  const length = characterCount(value);
  switch (field) {
    case "name":
      if (!value) return "Please enter your full name.";
      if (length > LEAD_LIMITS.nameMax) return `Full name must be ${LEAD_LIMITS.nameMax} characters or fewer.`;
      return undefined;
    case "email":
      if (!value) return "Please enter your work email.";
      if (length > LEAD_LIMITS.emailMax || !EMAIL_PATTERN.test(value)) return "Please enter a valid email address, like name@company.com.";
      return undefined;
    case "company":
      if (!value) return "Please enter your company name.";
      if (length > LEAD_LIMITS.companyMax) return `Company must be ${LEAD_LIMITS.companyMax} characters or fewer.`;
      return undefined;
    case "phone":
      if (length > LEAD_LIMITS.phoneMax) return `Phone must be ${LEAD_LIMITS.phoneMax} characters or fewer.`;
      return undefined;
    case "automation_goal":
      if (!value) return "Please tell us what you would like to automate.";
      if (length < LEAD_LIMITS.goalMin) return `Please describe your goal in at least ${LEAD_LIMITS.goalMin} characters.`;
      if (length > LEAD_LIMITS.goalMax) return `Please keep your description to ${LEAD_LIMITS.goalMax.toLocaleString("en-US")} characters or fewer.`;
      return undefined;
    case "preferred_time":
      if (!value) return "Please choose a preferred time for a call.";
      if (!isPreferredTime(value)) return "Please choose one of the listed times.";
      return undefined;
  }
}

export function validateLead(values: LeadFormValues): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of LEAD_FIELDS) {
    const message = validateLeadField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

export function hasErrors(errors: LeadErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Builds the request body from values that passed validateLead. */
export function toLeadPayload(values: LeadFormValues): LeadPayload {
  const preferred = values.preferred_time.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    automation_goal: values.automation_goal.trim(),
    preferred_time: isPreferredTime(preferred) ? preferred : "anytime",
  };
}

/** Keeps the server's per-field messages that belong to a field of this form. */
export function pickLeadFieldErrors(fields: Record<string, string>): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of LEAD_FIELDS) {
    const message = fields[field];
    if (message) errors[field] = message;
  }
  return errors;
}
