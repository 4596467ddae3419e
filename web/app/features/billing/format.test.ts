import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/format";
import { amountLabel, billingDate, brandLabel, invoiceStatusLabel, maskedCard, percentLabel, priceLabel, statusChangeSummary, statusChangedMessage, statusLabel, taxRateLabel } from "./format";

describe("billing format", () => {
  it("reads invoice statuses and tax rates as people do", () => {
    expect(["paid", "open", "draft", "void", "uncollectible"].map(invoiceStatusLabel)).toEqual(["Paid", "Open", "Open", "Void", "Uncollectible"]);
    expect([0, 825, 2000, 1050, 5].map(taxRateLabel)).toEqual(["0%", "8.25%", "20%", "10.5%", "0.05%"]);
  });

  it("shows the catalogue's price as '$1.00 per month' or 'one-time'", () => {
    expect(priceLabel({ mode: "subscription", amount: 100, currency: "usd", interval: "month" })).toBe("$1.00 per month");
    expect(priceLabel({ mode: "subscription", amount: 120000, currency: "usd", interval: "year" })).toBe("$1,200.00 per year");
    expect(priceLabel({ mode: "payment", amount: 5000, currency: "usd", interval: "" })).toBe("one-time");
  });

  it("formats cents, dates in UTC, statuses and cards", () => {
    expect(formatMoney(100)).toBe("$1.00");
    expect(formatMoney(1999, "eur")).toBe("€19.99");
    expect(billingDate("2026-01-05T23:30:00Z")).toBe("Jan 5, 2026");
    expect(billingDate(null)).toBe("—");
    expect(statusLabel("past_due")).toBe("Past Due");
    expect(brandLabel("visa")).toBe("Visa");
    expect(maskedCard("4242")).toBe("•••• •••• •••• 4242");
    expect(amountLabel({ amount: 100, currency: "usd", billing_cycle: "monthly" })).toBe("$1.00/month");
    expect(percentLabel(2.5)).toBe("2.5%");
  });

  it("says before a status change what changes and what follows, and after it what happened", () => {
    const sub = {
      organization_name: "Northwind Logistics",
      plan_name: "Chatbot Setup",
      status: "active",
      amount: 100,
      currency: "usd",
      billing_cycle: "monthly",
      provider_subscription_id: "",
    };
    const cancel = statusChangeSummary(sub, "cancelled");
    expect(cancel.change).toBe("Northwind Logistics's Chatbot Setup subscription ($1.00/month) changes from Active to Cancelled.");
    expect(cancel.consequences.join(" ")).toContain("no longer counts as an active subscription");
    expect(cancel.consequences.join(" ")).toContain("churn rate");
    expect(cancel.consequences.join(" ")).not.toContain("payment provider");
    const pastDue = statusChangeSummary(sub, "past_due").consequences.join(" ");
    expect(pastDue).toContain("until it is set to Active again");
    expect(pastDue).not.toContain("churn");
    const back = statusChangeSummary({ ...sub, status: "past_due" }, "active");
    expect(back.change).toContain("from Past Due to Active");
    expect(back.consequences.join(" ")).toContain("again");
    // A card subscription is not cancelled at the provider by this change: the admin is told so.
    const card = statusChangeSummary({ ...sub, provider_subscription_id: "sub_123" }, "cancelled").consequences.join(" ");
    expect(card).toContain("The payment provider is not told");
    expect(card).toContain("cancel it at the provider");
    expect(statusChangedMessage("Northwind Logistics", "active", "cancelled")).toBe("Northwind Logistics's subscription is now Cancelled (it was Active).");
  });
});
