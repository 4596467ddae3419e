import { CircleCheck, MailCheck, MailX } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { LinkAction } from "./api";
import { LINK_TEXTS, MISSING_TOKEN_TEXT } from "./texts";

export { LINK_TEXTS, MISSING_TOKEN_TEXT };

/**
 * The page a newsletter e-mail links to. The token is in the address, which the prerendered page
 * cannot know: it shows a spinner until link-page-island.ts reads the token and shows the button
 * (or what is wrong with the link). Fetching the page changes nothing; only the button does.
 */
export function NewsletterLinkPage({ action }: { action: LinkAction }) {
  const texts = LINK_TEXTS[action];
  const Icon = action === "confirm" ? MailCheck : MailX;
  return (
    <div data-newsletter-link={action} className="flex items-center justify-center bg-linear-to-b from-blue-50 to-white px-4 py-16 sm:py-24">
      <div className="w-full max-w-lg rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 sm:p-10">
        <span data-link-icon="" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-blue-100 text-blue-700">
          <Icon className="h-9 w-9" aria-hidden="true" />
        </span>
        <span data-link-done-icon="" hidden className="mx-auto h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700 [&:not([hidden])]:flex">
          <CircleCheck className="h-9 w-9" aria-hidden="true" />
        </span>
        <h1 data-link-heading="" tabIndex={-1} className="mt-6 text-3xl font-bold tracking-tight text-slate-900" style={{ outline: "none" }}>
          {texts.heading}
        </h1>

        <div data-link-loading="" role="status" className="mt-8 flex justify-center">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">Loading…</span>
        </div>

        <div data-link-missing="" hidden>
          <Alert tone="error" className="mt-8 text-left">
            {MISSING_TOKEN_TEXT}
          </Alert>
        </div>

        <div data-link-ready="" hidden>
          <p className="mt-3 text-slate-600">{texts.intro}</p>
          <div data-link-error="" hidden>
            <Alert tone="error" className="mt-6 text-left">
              <span data-link-error-text="" />
            </Alert>
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button data-link-submit="" variant={action === "confirm" ? "primary" : "danger"}>
              {texts.button}
            </Button>
            <a href="/blog" className={buttonVariants({ variant: "outline" })}>
              Back to the blog
            </a>
          </div>
        </div>

        <div data-link-done="" hidden>
          <p role="status" data-link-done-text="" className="mt-3 text-slate-600" />
          <div className="mt-8 flex justify-center">
            <a href="/blog" className={buttonVariants()}>
              Read the blog
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}
