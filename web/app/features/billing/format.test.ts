import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/format";
import { amountLabel, billingDate, brandLabel, maskedCard, percentLabel, priceLabel, statusLabel } from "./format";

describe("billing format", () => {
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
});
