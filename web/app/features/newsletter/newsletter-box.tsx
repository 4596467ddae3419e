import { useId } from "react";
import { CheckCircle2, Mail } from "lucide-react";
import { subscribe, type NewsletterSource } from "./api";
import { SUBSCRIBED_TEXT } from "./texts";
import { UnstyledButton } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export { subscribe, SUBSCRIBED_TEXT, type NewsletterSource };

/**
 * The newsletter sign-up, prerendered with every state it can show: the form, the confirmation
 * (hidden) and the error (hidden). newsletter-box-island.ts runs it in the browser.
 */
export function NewsletterBox({
  source,
  title = "Stay ahead with AI automation insights",
  description = "Practical guides on chatbots, workflow automation and reporting for growing businesses. One useful e-mail a month, no spam, unsubscribe any time.",
}: {
  source: NewsletterSource;
  title?: string;
  description?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-newsletter={source}
      className="relative overflow-hidden rounded-3xl bg-linear-to-br from-blue-700 via-blue-800 to-indigo-900 px-6 py-10 text-white shadow-xl sm:px-10 sm:py-12"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 h-64 w-64 rounded-full bg-blue-500/30 blur-3xl"
      />
      <div className="relative mx-auto max-w-2xl text-center">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-white/10 ring-1 ring-white/20">
          <Mail className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 id={`${id}-title`} className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-base text-blue-100">{description}</p>

        <p
          role="status"
          hidden
          data-newsletter-done=""
          className="mx-auto mt-8 max-w-lg items-center justify-center gap-2 rounded-xl bg-white/10 px-4 py-3 font-medium ring-1 ring-white/20 [&:not([hidden])]:flex"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-300" aria-hidden="true" />
          <span data-newsletter-done-text="">{SUBSCRIBED_TEXT}</span>
        </p>
        <form data-newsletter-form="" className="mx-auto mt-8 max-w-lg">
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <Input
              id={`${id}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="you@company.com"
              unstyled
              className="min-w-0 flex-1 rounded-lg border-0 bg-white px-4 py-3 text-base text-slate-900 shadow-sm ring-1 ring-white/30 placeholder:text-slate-500 focus-visible:ring-4 focus-visible:ring-sky-300"
            />
            <UnstyledButton
              type="submit"
              className="inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-sm font-semibold text-blue-800 shadow-sm transition-colors hover:bg-blue-50 focus-visible:ring-4 focus-visible:ring-sky-300 disabled:cursor-not-allowed disabled:opacity-75"
            >
              Subscribe
            </UnstyledButton>
          </div>
          <p
            id={`${id}-error`}
            role="alert"
            hidden
            data-newsletter-error=""
            className="mt-3 rounded-lg bg-white px-3 py-2 text-sm font-medium text-red-700"
          />
        </form>
      </div>
    </section>
  );
}
