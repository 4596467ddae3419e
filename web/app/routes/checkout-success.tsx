import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CircleCheck, CircleX, Mail } from "lucide-react";
import { buttonVariants } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { seo } from "../lib/seo";
import { paths } from "../lib/paths";
import { siteConfig } from "../lib/site";
import { CHECKOUT_PROCESSING_DELAY_MS, transactionLabel } from "../features/marketing/checkout-outcome";
import { authClient } from "../features/auth/auth-client";
import { fetchCheckoutSession } from "../features/billing/api";
import { NOT_CONFIRMED_TEXT, confirmCheckout, type CheckoutConfirmation } from "../features/billing/checkout-confirmation";

export const meta = () =>
  seo({
    title: "Payment Confirmation",
    description: `Confirmation of your ${siteConfig.name} purchase. We confirm your payment, show your transaction ID and take you to your billing details or portal dashboard.`,
    path: "/checkout/success",
    noIndex: true,
  });

function Processing() {
  return (
    <div role="status" className="flex flex-col items-center text-center">
      <Spinner className="h-12 w-12" />
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Processing your purchase...</h1>
      <p className="mt-2 text-slate-600">This only takes a moment. Please keep this page open.</p>
    </div>
  );
}

function SupportContact() {
  return (
    <p className="mt-8 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-t border-slate-200 pt-6 text-sm text-slate-600">
      <Mail className="h-4 w-4" aria-hidden="true" />
      Questions about your purchase? Contact us at
      <a href={`mailto:${siteConfig.email}`} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800">
        {siteConfig.email}
      </a>
    </p>
  );
}

async function accessToken(): Promise<string | null> {
  const { data } = await authClient().getSession();
  return data.session?.access_token ?? null;
}

function Outcome({ outcome }: { outcome: CheckoutConfirmation }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const succeeded = outcome.status === "confirmed";
  const Icon = succeeded ? CircleCheck : CircleX;

  return (
    <div className="text-center">
      <span
        className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${
          succeeded ? "bg-green-100 text-green-700" : "bg-amber-100 text-amber-800"
        }`}
      >
        <Icon className="h-9 w-9" aria-hidden="true" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-bold tracking-tight text-slate-900" style={{ outline: "none" }}>
        {succeeded ? "Payment Successful!" : outcome.status === "not_confirmed" ? "Payment Not Confirmed" : "Payment Not Completed"}
      </h1>
      <p className="mt-3 text-slate-600">
        {outcome.status === "confirmed"
          ? `Thank you for your purchase of ${outcome.planName}. Your payment has been received, and your billing details are updated in your portal.`
          : outcome.status === "not_confirmed"
            ? NOT_CONFIRMED_TEXT[outcome.reason]
            : "Your payment was canceled or could not be completed, so you have not been charged. You can try again from your billing page."}
      </p>
      {succeeded && outcome.transactionId && (
        <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm break-all text-slate-700 ring-1 ring-slate-200">
          {transactionLabel(outcome.transactionId)}
        </p>
      )}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href={paths.portal.billing} className={buttonVariants()}>
          View Billing Details
        </a>
        <a href={paths.portal.dashboard} className={buttonVariants({ variant: "outline" })}>
          Go to Dashboard
        </a>
      </div>
      <SupportContact />
    </div>
  );
}

export default function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const [processing, setProcessing] = useState(true);
  const [outcome, setOutcome] = useState<CheckoutConfirmation | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setProcessing(false), CHECKOUT_PROCESSING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    let live = true;
    void confirmCheckout(new URLSearchParams(searchParams), accessToken, (token, id) => fetchCheckoutSession(token, id)).then(
      (result) => live && setOutcome(result),
    );
    return () => {
      live = false;
    };
  }, [searchParams]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-b from-blue-50 to-white px-4 py-12">
      <div className="w-full max-w-lg rounded-3xl bg-white p-8 shadow-xl ring-1 ring-slate-200 sm:p-10">
        {processing || !outcome ? <Processing /> : <Outcome outcome={outcome} />}
      </div>
    </main>
  );
}
