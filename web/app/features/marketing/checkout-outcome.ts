/** The payment success page shows "processing" this long before the outcome. */
export const CHECKOUT_PROCESSING_DELAY_MS = 1000;

export function transactionLabel(transactionId: string): string {
  return `Transaction ID: ${transactionId}`;
}
