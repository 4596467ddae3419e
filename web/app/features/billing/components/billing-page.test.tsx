import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NOT_CONFIRMED_TEXT } from "../checkout-confirmation";
import { CheckoutNotice, PAYMENT_RECEIVED } from "./billing-page";

const render = (...args: Parameters<typeof CheckoutNotice>) => renderToStaticMarkup(<CheckoutNotice {...args[0]} />);

describe("the billing page's return from checkout", () => {
  it("thanks for the payment only once the server confirmed it", () => {
    expect(render({ checking: true, outcome: undefined })).toContain("Confirming your payment");
    expect(render({ checking: true, outcome: undefined })).not.toContain(PAYMENT_RECEIVED);
    expect(render({ checking: false, outcome: { status: "confirmed", transactionId: "cs_1", planName: "Chatbot Setup" } })).toContain(PAYMENT_RECEIVED);
  });

  it("says honestly when the payment is not confirmed", () => {
    for (const reason of ["unknown", "unpaid", "signed_out", "unreachable"] as const) {
      const html = render({ checking: false, outcome: { status: "not_confirmed", transactionId: null, reason } });
      expect(html).toContain("Payment Not Confirmed");
      expect(html).toContain(NOT_CONFIRMED_TEXT[reason].replaceAll("'", "&#x27;"));
      expect(html).not.toContain(PAYMENT_RECEIVED);
    }
    const canceled = render({ checking: false, outcome: { status: "not_completed", transactionId: "cs_1" } });
    expect(canceled).toContain("You have not been charged");
    expect(canceled).not.toContain(PAYMENT_RECEIVED);
  });
});
