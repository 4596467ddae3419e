import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { CircleCheck, CircleExclamationPoint } from "lucide-react";
import { ApiError } from "../../../lib/api";
import { useHydrated } from "../../../lib/use-hydrated";
import { buttonClasses } from "../../../components/ui/button-link";
import { FormField, fieldControlClasses } from "../../../components/ui/form-field";
import { submitLead } from "../api";
import {
  EMPTY_LEAD,
  LEAD_FIELDS,
  LEAD_LIMITS,
  PREFERRED_TIMES,
  characterCount,
  hasErrors,
  pickLeadFieldErrors,
  toLeadPayload,
  validateLead,
  validateLeadField,
  type LeadErrors,
  type LeadField,
  type LeadFormValues,
} from "../lead";

type Status = "editing" | "submitting" | "sent";
type FocusTarget = "thanks" | "first-field" | null;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FALLBACK_ERROR = "Something went wrong. Please try again.";

export function DiscoveryCallForm({ titleId }: { titleId: string }) {
  // Before hydration a click would post the page itself, so the button waits for the app.
  const hydrated = useHydrated();
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>("editing");
  const controls = useRef<Partial<Record<LeadField, Control | null>>>({});
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<FocusTarget>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === "thanks") thanksHeading.current?.focus();
    if (target === "first-field") controls.current.name?.focus();
  }, [status]);

  const fieldId = (field: LeadField) => `lead-${field.replace("_", "-")}`;
  const register = (field: LeadField) => (el: Control | null) => {
    controls.current[field] = el;
  };

  function focusFirstInvalid(found: LeadErrors) {
    const first = LEAD_FIELDS.find((field) => found[field]);
    if (first) controls.current[first]?.focus();
  }

  function update(field: LeadField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateLeadField(field, value) }));
  }

  function checkOnBlur(field: LeadField) {
    if (values[field].trim() === "") return;
    setErrors((current) => ({ ...current, [field]: validateLeadField(field, values[field]) }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") return;
    setFormError(null);
    const found = validateLead(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(found);
      return;
    }
    setStatus("submitting");
    try {
      await submitLead(toLeadPayload(values));
      setValues(EMPTY_LEAD);
      setErrors({});
      pendingFocus.current = "thanks";
      setStatus("sent");
    } catch (err) {
      setStatus("editing");
      if (err instanceof ApiError && err.status === 422) {
        const fromServer = pickLeadFieldErrors(err.fields);
        if (hasErrors(fromServer)) {
          setErrors(fromServer);
          focusFirstInvalid(fromServer);
          return;
        }
      }
      setFormError(err instanceof ApiError ? err.message : FALLBACK_ERROR);
    }
  }

  function startOver() {
    setValues(EMPTY_LEAD);
    setErrors({});
    setFormError(null);
    pendingFocus.current = "first-field";
    setStatus("editing");
  }

  if (status === "sent") {
    return (
      <div className="py-6 text-center">
        <CircleCheck className="mx-auto h-14 w-14 text-green-700" aria-hidden="true" />
        <h2 id={titleId} ref={thanksHeading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900" style={{ outline: "none" }}>
          Thank You!
        </h2>
        <p className="mx-auto mt-3 max-w-md text-slate-700">
          Your discovery call request is in. A member of our team will reply within 2 hours during business hours to
          confirm a time that works for you.
        </p>
        <button type="button" onClick={startOver} className={`${buttonClasses("secondary")} mt-8`}>
          Send Another Message
        </button>
      </div>
    );
  }

  const submitting = status === "submitting";
  const goalLength = characterCount(values.automation_goal.trim());
  const control = (field: LeadField, invalid: boolean) => ({
    name: field,
    ref: register(field),
    value: values[field],
    onBlur: () => checkOnBlur(field),
    className: fieldControlClasses(invalid),
  });

  return (
    <div>
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        Discovery Call Form
      </h2>
      <p className="mt-2 text-slate-600">
        Tell us a little about your business. All fields are required unless marked optional.
      </p>

      {formError && (
        <div role="alert" className="mt-6 flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <CircleExclamationPoint className="h-5 w-5 shrink-0" aria-hidden="true" />
          <p>{formError}</p>
        </div>
      )}

      <form method="post" noValidate onSubmit={handleSubmit} aria-labelledby={titleId} className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormField id={fieldId("name")} label="Full name" error={errors.name}>
          {(a11y) => (
            <input
              {...a11y}
              {...control("name", Boolean(errors.name))}
              type="text"
              autoComplete="name"
              required
              onChange={(e) => update("name", e.target.value)}
            />
          )}
        </FormField>
        <FormField id={fieldId("email")} label="Work email" error={errors.email}>
          {(a11y) => (
            <input
              {...a11y}
              {...control("email", Boolean(errors.email))}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              required
              onChange={(e) => update("email", e.target.value)}
            />
          )}
        </FormField>
        <FormField id={fieldId("company")} label="Company" error={errors.company}>
          {(a11y) => (
            <input
              {...a11y}
              {...control("company", Boolean(errors.company))}
              type="text"
              autoComplete="organization"
              required
              onChange={(e) => update("company", e.target.value)}
            />
          )}
        </FormField>
        <FormField id={fieldId("phone")} label="Phone (optional)" error={errors.phone}>
          {(a11y) => (
            <input
              {...a11y}
              {...control("phone", Boolean(errors.phone))}
              type="tel"
              autoComplete="tel"
              onChange={(e) => update("phone", e.target.value)}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            id={fieldId("automation_goal")}
            label="What would you like to automate?"
            error={errors.automation_goal}
            hint={`${goalLength.toLocaleString("en-US")} / ${LEAD_LIMITS.goalMax.toLocaleString("en-US")} characters`}
          >
            {(a11y) => (
              <textarea
                {...a11y}
                {...control("automation_goal", Boolean(errors.automation_goal))}
                rows={5}
                required
                placeholder="For example: answering customer questions after hours, or syncing orders into our accounting system."
                onChange={(e) => update("automation_goal", e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id={fieldId("preferred_time")} label="Preferred time for a call" error={errors.preferred_time}>
            {(a11y) => (
              <select
                {...a11y}
                {...control("preferred_time", Boolean(errors.preferred_time))}
                required
                onChange={(e) => update("preferred_time", e.target.value)}
              >
                <option value="">Select a time</option>
                {PREFERRED_TIMES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <button type="submit" disabled={submitting || !hydrated} className={`${buttonClasses("primary")} w-full text-base`}>
            {submitting ? "Sending..." : "Book My Free Call"}
          </button>
          <p className="mt-3 text-center text-sm text-slate-600">
            We only use your details to respond to your request. See our{" "}
            <Link to="/privacy" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </form>
    </div>
  );
}
