import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CalendarClock, CreditCard, FileText, Package } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { BillingAddressCard } from "./billing-address";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { SettingsCard } from "~/components/ui/settings-card";
import { LoadError } from "~/components/ui/load-error";
import { CardsSkeleton, RowsSkeleton } from "~/components/ui/skeleton";
import { errorMessage } from "~/lib/api";
import type { Plan } from "~/lib/api-types.gen";
import { CHECKOUT_FAILED, useBillingAccount, useCancelAtPeriodEnd, useCheckout, useCheckoutConfirmation, usePlans, usePortalSession } from "../api";
import { NOT_CONFIRMED_TEXT, type CheckoutConfirmation } from "../checkout-confirmation";
import { amountLabel, billingDate, brandLabel, invoiceStatusLabel, maskedCard, priceLabel, statusLabel } from "../format";
import { formatMoney } from "~/lib/format";
import { paths } from "~/lib/paths";

const STATUS_TONES: Record<string, BadgeTone> = { active: "success", past_due: "warning", cancelled: "danger" };

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function PlanDialog({ open, onClose, currentPriceId }: { open: boolean; onClose: () => void; currentPriceId: string | null }) {
  const plans = usePlans(open);
  const checkout = useCheckout();
  const [chosen, setChosen] = useState<string | null>(null);
  const choose = (plan: Plan) => {
    setChosen(plan.price_id);
    checkout.mutate(plan);
  };
  return (
    <Dialog
      open={open}
      title="Choose Your Plan"
      description={
        currentPriceId
          ? "Pick a plan for your organization. You pay on the next page; once paid, the new plan replaces your current one."
          : "Pick a plan for your organization. You pay on the next page."
      }
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {checkout.isError && (
        <Alert tone="error" title={CHECKOUT_FAILED} className="mb-4">
          {checkout.error.message}
        </Alert>
      )}
      {plans.isPending ? (
        <RowsSkeleton label="Loading plans…" rows={2} />
      ) : plans.isError ? (
        <LoadError
          title="The plans could not be loaded."
          message={errorMessage(plans.error, "")}
          onRetry={() => plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {plans.data.map((plan) => (
            // A border, not a ring: a ring is drawn outside the card, where the dialog's scrolling body cuts it off.
            <li key={plan.price_id} className="flex flex-col rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              {plan.description && <p className="mt-1 text-sm text-slate-600">{plan.description}</p>}
              <p className="mt-4 text-2xl font-bold text-slate-900">{priceLabel(plan)}</p>
              {plan.price_id === currentPriceId ? (
                <Button className="mt-5" variant="secondary" disabled>
                  Current Plan
                </Button>
              ) : (
                <Button className="mt-5" onClick={() => choose(plan)} loading={checkout.isPending && chosen === plan.price_id} disabled={checkout.isPending}>
                  Choose {plan.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

export const PAYMENT_RECEIVED = "Thank you! Your payment was received.";

/**
 * What the billing page says on a return from checkout: the payment is thanked for only once the server confirms that
 * the named checkout of the organization was paid, never from the query string alone.
 */
export function CheckoutNotice({ outcome, checking }: { outcome: CheckoutConfirmation | undefined; checking: boolean }) {
  if (checking) return <Alert tone="info">Confirming your payment…</Alert>;
  if (!outcome) return null;
  switch (outcome.status) {
    case "confirmed":
      return <Alert tone="success">{PAYMENT_RECEIVED}</Alert>;
    case "not_completed":
      return <Alert tone="info">Checkout was canceled. You have not been charged.</Alert>;
    default:
      return (
        <Alert tone="warning" title="Payment Not Confirmed">
          {NOT_CONFIRMED_TEXT[outcome.reason]}
        </Alert>
      );
  }
}

/** While staff act as a customer, the server refuses every payment change: the page then only shows. */
export const PAYMENTS_LOCKED = "Payments cannot be changed while impersonating a user.";

export function BillingPage({ readOnly = false }: { readOnly?: boolean }) {
  const [params] = useSearchParams();
  const account = useBillingAccount();
  const confirmation = useCheckoutConfirmation(params);
  const portal = usePortalSession();
  const cancel = useCancelAtPeriodEnd();
  const [choosing, setChoosing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (account.isPending || account.isError) {
    return (
      <div className="space-y-6">
        <PageHeader title="Billing" description="Your organization's subscription, payment method and invoices." />
        {account.isPending ? (
          <CardsSkeleton label="Loading billing…" count={2} />
        ) : (
          <LoadError
            title="Your billing could not be loaded."
            message={errorMessage(account.error, "")}
            onRetry={() => account.refetch()}
            retrying={account.isFetching}
          />
        )}
      </div>
    );
  }

  const { subscription: sub, payment_method: card } = account.data;
  const invoices = account.data.invoices ?? [];
  const live = sub && sub.status !== "cancelled";

  return (
    <div className="space-y-6">
      <PageHeader title="Billing" description="Your organization's subscription, payment method and invoices." />
      {params.get("canceled") === "true" && !params.has("success") && <Alert tone="info">Checkout was canceled. You have not been charged.</Alert>}
      {params.has("success") && <CheckoutNotice outcome={confirmation.data} checking={confirmation.isPending} />}
      {readOnly && <Alert tone="info">{PAYMENTS_LOCKED} You see this organization's billing as its members do.</Alert>}
      {account.data.provider === "test" && (
        <Alert tone="warning">Payments use the built-in test provider: no card is charged.</Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <SettingsCard
          title="Current Subscription"
          actions={
            !readOnly && (
              <Button variant="primary" size="sm" onClick={() => setChoosing(true)}>
                {live ? "Upgrade Plan" : "Choose a Plan"}
              </Button>
            )
          }
        >
          {sub ? (
            <div className="space-y-4">
              <dl className="grid grid-cols-2 gap-4">
                <Detail label="Plan">{sub.plan_name}</Detail>
                <Detail label="Amount">{amountLabel(sub)}</Detail>
                <Detail label="Status">
                  <Badge tone={STATUS_TONES[sub.status] ?? "neutral"}>{statusLabel(sub.status)}</Badge>
                </Detail>
                <Detail label={sub.cancel_at_period_end ? "Ends On" : "Next Billing"}>{billingDate(sub.next_billing_date)}</Detail>
              </dl>
              {cancel.isError && <Alert tone="error">{errorMessage(cancel.error, "Your subscription could not be changed.")}</Alert>}
              {live &&
                !readOnly &&
                (sub.cancel_at_period_end ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <p className="text-sm text-slate-600">Your subscription ends on {billingDate(sub.next_billing_date)}.</p>
                    <Button variant="secondary" size="sm" loading={cancel.isPending} onClick={() => cancel.mutate(false)}>
                      Resume Subscription
                    </Button>
                  </div>
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => setConfirmCancel(true)}>
                    Cancel at Period End
                  </Button>
                ))}
            </div>
          ) : (
            <div className="flex items-start gap-3 text-slate-600">
              <Package className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
              <p>Your organization has no subscription yet. Choose a plan to get started.</p>
            </div>
          )}
        </SettingsCard>

        <SettingsCard title="Payment Method">
          {card ? (
            <div className="flex items-center gap-4 rounded-xl p-4 ring-1 ring-slate-200">
              <CreditCard className="h-8 w-8 text-slate-700" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-mono font-semibold text-slate-900" aria-label={`Card ending in ${card.last4}`}>
                  {maskedCard(card.last4)}
                </p>
                <p className="text-sm text-slate-600">{brandLabel(card.brand)}</p>
              </div>
              <Badge tone="info">Default</Badge>
            </div>
          ) : (
            <p className="text-slate-600">No payment method on file. Your card is added when you check out.</p>
          )}
          {portal.isError && (
            <Alert tone="error" className="mt-4">
              {errorMessage(portal.error, "The payment method page could not be opened.")}
            </Alert>
          )}
          {!readOnly && (
            <Button variant="secondary" className="mt-4" loading={portal.isPending} onClick={() => portal.mutate()}>
              {card ? "Update Payment Method" : "Add Payment Method"}
            </Button>
          )}
        </SettingsCard>
      </div>

      <BillingAddressCard lines={account.data.billing_address} readOnly={readOnly} />

      <SettingsCard title="Billing History">
        {invoices.length === 0 ? (
          <div className="flex items-center gap-3 text-slate-600">
            <FileText className="h-5 w-5" aria-hidden="true" />
            <p>No billing history available</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Invoices">
            {invoices.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
                <CalendarClock className="h-5 w-5 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">
                    {billingDate(inv.paid_at ?? inv.created_at)}
                    {inv.number && <span className="ml-2 text-sm font-normal text-slate-600">Invoice {inv.number}</span>}
                  </p>
                  {inv.period_start && (
                    <p className="text-sm text-slate-600">
                      {billingDate(inv.period_start)} – {billingDate(inv.period_end)}
                    </p>
                  )}
                </div>
                <span className="font-semibold text-slate-900">{formatMoney(inv.amount, inv.currency)}</span>
                <Badge tone={inv.status === "paid" ? "success" : "warning"}>{invoiceStatusLabel(inv.status)}</Badge>
                <Link
                  to={paths.portal.invoice(inv.id)}
                  aria-label={`View invoice ${inv.number || billingDate(inv.paid_at ?? inv.created_at)}`}
                  className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline underline-offset-2"
                >
                  <FileText className="h-4 w-4" aria-hidden="true" />
                  View invoice
                </Link>
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>

      <PlanDialog open={choosing} onClose={() => setChoosing(false)} currentPriceId={live ? sub.price_id : null} />
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel subscription?"
        confirmLabel="Cancel at Period End"
        cancelLabel="Keep Subscription"
        busy={cancel.isPending}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => cancel.mutate(true, { onSettled: () => setConfirmCancel(false) })}
      >
        Your subscription stays active until {billingDate(sub?.next_billing_date)} and then ends. You can resume it before then.
      </ConfirmDialog>
    </div>
  );
}
