/** The spec's processing delay of the payment success page (§9). */
export const CHECKOUT_PROCESSING_DELAY_MS = 1000;

export function transactionLabel(transactionId: string): string {
  return `Transaction ID: ${transactionId}`;
}
