import { Link } from "react-router";
import { CircleCheck, CircleExclamationPoint } from "lucide-react";
import { FormField } from "../../../components/ui/form-field";
import { PREFERRED_TIMES, goalHint, leadFieldId, type LeadField } from "../lead";
import { Button } from "~/components/ui/button";
import { Input, Select, Textarea } from "~/components/ui/input";

/**
 * Our own discovery-call form, prerendered empty. contact-panel-island.ts validates it, sends the
 * lead and switches to the thank-you view. Until that script runs the button stays disabled, so a
 * press cannot post the page itself.
 */
export function DiscoveryCallForm({ titleId }: { titleId: string }) {
  const control = (field: LeadField) => ({ name: field });
  return (
    <div data-contact-form-view="">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        Discovery Call Form
      </h2>
      <p className="mt-2 text-slate-600">
        Tell us a little about your business. All fields are required unless marked optional.
      </p>

      <div data-contact-form-error="" hidden>
        <div role="alert" className="mt-6 flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <CircleExclamationPoint className="h-5 w-5 shrink-0" aria-hidden="true" />
          <p data-contact-form-error-text="" />
        </div>
      </div>

      <form method="post" noValidate aria-labelledby={titleId} className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormField id={leadFieldId("name")} label="Full name">
          {(a11y) => <Input {...a11y} {...control("name")} type="text" autoComplete="name" required />}
        </FormField>
        <FormField id={leadFieldId("email")} label="Work email">
          {(a11y) => (
            <Input {...a11y} {...control("email")} type="email" autoComplete="email" inputMode="email" spellCheck={false} required />
          )}
        </FormField>
        <FormField id={leadFieldId("company")} label="Company">
          {(a11y) => <Input {...a11y} {...control("company")} type="text" autoComplete="organization" required />}
        </FormField>
        <FormField id={leadFieldId("phone")} label="Phone (optional)">
          {(a11y) => <Input {...a11y} {...control("phone")} type="tel" autoComplete="tel" />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={leadFieldId("automation_goal")} label="What would you like to automate?" hint={goalHint("")}>
            {(a11y) => (
              <Textarea
                {...a11y}
                {...control("automation_goal")}
                rows={5}
                required
                placeholder="For example: answering customer questions after hours, or syncing orders into our accounting system."
              />
            )}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id={leadFieldId("preferred_time")} label="Preferred time for a call">
            {(a11y) => (
              <Select {...a11y} {...control("preferred_time")} required defaultValue="">
                <option value="">Select a time</option>
                {PREFERRED_TIMES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled className="w-full text-base">
            Book My Free Call
          </Button>
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

/** The view after a lead was sent; its heading takes the focus. */
export function DiscoveryCallThanks({ titleId }: { titleId: string }) {
  return (
    <div data-contact-thanks="" hidden className="py-6 text-center">
      <CircleCheck className="mx-auto h-14 w-14 text-green-700" aria-hidden="true" />
      <h2 id={titleId} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900" style={{ outline: "none" }}>
        Thank You!
      </h2>
      <p className="mx-auto mt-3 max-w-md text-slate-700">
        Your discovery call request is in. A member of our team will reply within 2 hours during business hours to
        confirm a time that works for you.
      </p>
      <Button type="button" data-contact-again="" variant="outline" className="mt-8">
        Send Another Message
      </Button>
    </div>
  );
}
