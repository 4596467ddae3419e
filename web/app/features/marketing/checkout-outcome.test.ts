import { describe, expect, it } from "vitest";
import { CHECKOUT_PROCESSING_DELAY_MS, readCheckoutOutcome, transactionLabel } from "./checkout-outcome";

describe("readCheckoutOutcome", () => {
  it("waits one second before showing the outcome", () => {
    expect(CHECKOUT_PROCESSING_DELAY_MS).toBe(1000);
  });

  it("reads the session id as the transaction id", () => {
    expect(readCheckoutOutcome(new URLSearchParams("session_id=cs_test_123&success=true"))).toEqual({
      status: "succeeded",
      transactionId: "cs_test_123",
    });
  });

  it("succeeds without a transaction id when session_id is missing or blank", () => {
    expect(readCheckoutOutcome(new URLSearchParams(""))).toEqual({ status: "succeeded", transactionId: null });
    expect(readCheckoutOutcome(new URLSearchParams("session_id=%20&success=true"))).toEqual({
      status: "succeeded",
      transactionId: null,
    });
  });

  it.each(["false", "0", "FALSE", "no"])("reports an incomplete payment when success=%s", (flag) => {
    expect(readCheckoutOutcome(new URLSearchParams(`session_id=cs_1&success=${flag}`)).status).toBe("not_completed");
  });

  it("formats the transaction label", () => {
    expect(transactionLabel("cs_test_123")).toBe("Transaction ID: cs_test_123");
  });
});
