import { describe, expect, it } from "vitest";
import { CHECKOUT_PROCESSING_DELAY_MS, transactionLabel } from "./checkout-outcome";

describe("checkout outcome", () => {
  it("waits one second before showing the outcome", () => {
    expect(CHECKOUT_PROCESSING_DELAY_MS).toBe(1000);
  });

  it("formats the transaction label", () => {
    expect(transactionLabel("cs_test_123")).toBe("Transaction ID: cs_test_123");
  });
});
