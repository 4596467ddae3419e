import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CircleCheck, MailCheck, MailX } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button-link";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage } from "~/lib/api";
import { useHydrated } from "~/lib/use-hydrated";
import { followLink, type LinkAction, type LinkResponse } from "./api";

type State =
  | { step: "idle" }
  | { step: "submitting" }
  | { step: "done"; result: LinkResponse }
  | { step: "error"; message: string };

export const LINK_TEXTS = {
  confirm: {
    heading: "Confirm your subscription",
    intro: "Press the button to start receiving our newsletter: practical guides on AI automation, about one email a month.",
    button: "Confirm my subscription",
    busy: "Confirming...",
    doneHeading: "You're subscribed!",
    done: (email: string) => `Thanks for confirming. ${email} will receive our next article.`,
  },
  unsubscribe: {
    heading: "Unsubscribe from our newsletter",
    intro: "Press the button and we will stop sending you our newsletter.",
    button: "Unsubscribe",
    busy: "Unsubscribing...",
    doneHeading: "You're unsubscribed",
    done: (email: string) => `${email} will not receive our newsletter any more. You can subscribe again on our blog at any time.`,
  },
} as const;

export const MISSING_TOKEN_TEXT = "This link is incomplete. Please open the link from your email again.";
const FALLBACK = "Something went wrong. Please try again.";

export function NewsletterLinkPage({ action }: { action: LinkAction }) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [state, setState] = useState<State>({ step: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);
  const texts = LINK_TEXTS[action];

  useEffect(() => {
    if (state.step === "done") heading.current?.focus();
  }, [state.step]);

  async function submit() {
    if (state.step === "submitting") return;
    setState({ step: "submitting" });
    try {
      setState({ step: "done", result: await followLink(action, token) });
    } catch (err) {
      setState({ step: "error", message: errorMessage(err, FALLBACK) });
    }
  }

  const done = state.step === "done";
  const Icon = done ? CircleCheck : action === "confirm" ? MailCheck : MailX;

  return (
    <div className="flex items-center justify-center bg-linear-to-b from-blue-50 to-white px-4 py-16 sm:py-24">
      <div className="w-full max-w-lg rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-slate-200 sm:p-10">
        <span
          className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${
            done ? "bg-green-100 text-green-700" : "bg-blue-100 text-blue-700"
          }`}
        >
          <Icon className="h-9 w-9" aria-hidden="true" />
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-6 text-3xl font-bold tracking-tight text-slate-900"
          style={{ outline: "none" }}
        >
          {done ? texts.doneHeading : texts.heading}
        </h1>

        {!hydrated ? (
          <div role="status" className="mt-8 flex justify-center">
            <Spinner className="h-8 w-8" />
            <span className="sr-only">Loading…</span>
          </div>
        ) : done ? (
          <>
            <p role="status" className="mt-3 text-slate-600">
              {texts.done(state.result.email)}
            </p>
            <div className="mt-8 flex justify-center">
              <a href="/blog" className={buttonClasses("primary")}>
                Read the blog
              </a>
            </div>
          </>
        ) : !token ? (
          <Alert tone="error" className="mt-8 text-left">
            {MISSING_TOKEN_TEXT}
          </Alert>
        ) : (
          <>
            <p className="mt-3 text-slate-600">{texts.intro}</p>
            {state.step === "error" && (
              <Alert tone="error" className="mt-6 text-left">
                {state.message}
              </Alert>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
              <button
                type="button"
                onClick={submit}
                disabled={state.step === "submitting"}
                className={buttonClasses(action === "confirm" ? "primary" : "danger")}
              >
                {state.step === "submitting" ? texts.busy : texts.button}
              </button>
              <a href="/blog" className={buttonClasses("secondary")}>
                Back to the blog
              </a>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
