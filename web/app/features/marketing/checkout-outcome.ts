export const CHECKOUT_PROCESSING_DELAY_MS = 1000;

export type CheckoutOutcome = {
  status: "succeeded" | "not_completed";
  transactionId: string | null;
};

const FAILED_FLAGS = new Set(["false", "0", "no"]);

/** Reads the query parameters the payment provider appends to the return URL. */
export function readCheckoutOutcome(params: URLSearchParams): CheckoutOutcome {
  const transactionId = params.get("session_id")?.trim() || null;
  const flag = params.get("success")?.trim().toLowerCase();
  return {
    status: flag && FAILED_FLAGS.has(flag) ? "not_completed" : "succeeded",
    transactionId,
  };
}

export function transactionLabel(transactionId: string): string {
  return `Transaction ID: ${transactionId}`;
}
