import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api";
import type { CheckoutSession } from "~/lib/api-types.gen";
import { confirmCheckout } from "./checkout-confirmation";

const session = (over: Partial<CheckoutSession>): CheckoutSession => ({
  id: "cs_1", price_id: "p", plan_name: "Chatbot Setup", amount: 100, currency: "usd", mode: "subscription",
  status: "complete", paid: true, created_at: "", completed_at: null, ...over,
});
const token = async () => "t";

describe("confirmCheckout", () => {
  it("confirms a paid session of the caller's organization", async () => {
    const got = await confirmCheckout(new URLSearchParams("session_id=cs_1&success=true"), token, async () => session({}));
    expect(got).toEqual({ status: "confirmed", transactionId: "cs_1", planName: "Chatbot Setup" });
  });

  it("does not confirm an unpaid, unknown or unnamed session", async () => {
    expect((await confirmCheckout(new URLSearchParams("session_id=cs_1"), token, async () => session({ paid: false, status: "open" }))).status).toBe("not_confirmed");
    const missing = async () => {
      throw new ApiError(404, { code: "not_found", message: "There is no such checkout." });
    };
    expect(await confirmCheckout(new URLSearchParams("session_id=made_up"), token, missing)).toMatchObject({ status: "not_confirmed", reason: "unknown" });
    expect(await confirmCheckout(new URLSearchParams(""), token, async () => session({}))).toMatchObject({ status: "not_confirmed" });
    expect(await confirmCheckout(new URLSearchParams("session_id=cs_1"), async () => null, async () => session({}))).toMatchObject({
      status: "not_confirmed",
      reason: "signed_out",
    });
  });

  it("reports a canceled checkout as not completed", async () => {
    expect((await confirmCheckout(new URLSearchParams("session_id=cs_1&success=false"), token, async () => session({}))).status).toBe("not_completed");
    expect((await confirmCheckout(new URLSearchParams("session_id=cs_1"), token, async () => session({ paid: false, status: "expired" }))).status).toBe("not_completed");
  });
});
