import type { Plan, Subscription } from "~/lib/api-types.gen";
import { formatDate, formatMoney } from "~/lib/format";

export type SubscriptionStatus = "active" | "cancelled" | "past_due";

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  cancelled: "Cancelled",
  past_due: "Past Due",
};

export const STATUS_FILTERS: { value: "all" | SubscriptionStatus; label: string }[] = [
  { value: "all", label: "All Status" },
  { value: "active", label: "Active" },
  { value: "cancelled", label: "Cancelled" },
  { value: "past_due", label: "Past Due" },
];

export const CYCLE_LABELS: Record<string, string> = { monthly: "Monthly", yearly: "Yearly", one_time: "One-time" };

/** The catalogue's price text: '$1.00 per month' in subscription mode, otherwise 'one-time'. */
export function priceLabel(plan: Pick<Plan, "mode" | "amount" | "currency" | "interval">): string {
  if (plan.mode !== "subscription") return "one-time";
  return `${formatMoney(plan.amount, plan.currency)} per ${plan.interval === "year" ? "year" : "month"}`;
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as SubscriptionStatus] ?? status;
}

export function cycleLabel(cycle: string): string {
  return CYCLE_LABELS[cycle] ?? cycle;
}

/** Billing dates are calendar days of the provider, read in UTC: 'Jan 5, 2026'; '—' when missing. */
export function billingDate(iso: string | null | undefined): string {
  return formatDate(iso, { timeZone: "UTC" });
}

export function brandLabel(brand: string): string {
  const names: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
  return names[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : "Card");
}

export function maskedCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

export function amountLabel(sub: Pick<Subscription, "amount" | "currency" | "billing_cycle">): string {
  const money = formatMoney(sub.amount, sub.currency);
  if (sub.billing_cycle === "monthly") return `${money}/month`;
  if (sub.billing_cycle === "yearly") return `${money}/year`;
  return money;
}

/** Percent with one decimal, e.g. '2.5%'. */
export function percentLabel(value: number): string {
  return `${value.toFixed(1)}%`;
}

type StatusChangeSubject = Pick<Subscription, "organization_name" | "plan_name" | "status" | "amount" | "currency" | "billing_cycle" | "provider_subscription_id">;

/**
 * What an admin's change of a subscription's status will do, said before it is made: the
 * change itself, then what follows from it for the overview's figures and the organization.
 * The change is the record's only: a subscription at the payment provider is not told, so the
 * provider keeps charging a cancelled one until it is cancelled there.
 */
export function statusChangeSummary(sub: StatusChangeSubject, to: SubscriptionStatus): { change: string; consequences: string[] } {
  const change = `${sub.organization_name}'s ${sub.plan_name} subscription (${amountLabel(sub)}) changes from ${statusLabel(sub.status)} to ${statusLabel(to)}.`;
  const consequences: string[] = [];
  if (to === "active") {
    consequences.push("It counts as an active subscription and in Monthly Recurring revenue again.");
    consequences.push(`The organization's members see it as Active on their billing page.`);
  } else {
    const until = to === "past_due" ? " until it is set to Active again" : "";
    consequences.push(`It no longer counts as an active subscription or in Monthly Recurring revenue${until}.`);
    if (to === "cancelled") consequences.push("It counts toward the churn rate.");
    consequences.push(
      `The organization's members see it as ${statusLabel(to)} on their billing page, and their dashboard no longer shows an upcoming billing date.`,
    );
    if (to === "cancelled") consequences.push("They can choose a plan again.");
  }
  if (sub.provider_subscription_id) {
    consequences.push(
      to === "cancelled"
        ? "The payment provider is not told: the subscription stays live there, and its next event may set the status again. To stop the payments, cancel it at the provider."
        : "The payment provider is not told: its next event about this subscription may set the status again.",
    );
  }
  return { change, consequences };
}

/** What the overview says once a status change is saved. */
export function statusChangedMessage(organization: string, from: string, to: string): string {
  return `${organization}'s subscription is now ${statusLabel(to)} (it was ${statusLabel(from)}).`;
}

/** An invoice's status as people read it; an invoice not paid (draft or open) is Open. */
export function invoiceStatusLabel(status: string): string {
  const labels: Record<string, string> = { paid: "Paid", void: "Void", uncollectible: "Uncollectible" };
  return labels[status] ?? "Open";
}

/** A tax rate in basis points as a percentage: 0 → '0%', 825 → '8.25%', 2000 → '20%'. */
export function taxRateLabel(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}
