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
