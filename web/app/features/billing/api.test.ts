import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECKOUT_SESSION_FALLBACK, checkoutRequest, startCheckout, subscriptionsPath } from "./api";

const plan = { price_id: "price_1", name: "Chatbot Setup", description: "", mode: "subscription", amount: 100, currency: "usd", interval: "month", active: true, sort_order: 0 };

function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })));
}

afterEach(() => vi.unstubAllGlobals());

describe("checkout", () => {
  it("sends the checkout body with return paths of this site, not the page's origin", () => {
    expect(checkoutRequest(plan)).toEqual({
      price_id: "price_1",
      mode: "subscription",
      success_url: "/checkout/success?success=true",
      cancel_url: "/portal/billing?canceled=true",
    });
  });

  it("resolves with the url to go to", async () => {
    answer(200, { url: "https://checkout.example/cs_1" });
    await expect(startCheckout("t", checkoutRequest(plan))).resolves.toBe("https://checkout.example/cs_1");
    const call = vi.mocked(fetch).mock.calls[0]!;
    expect(call[0]).toBe("/functions/v1/stripe-checkout");
    expect((call[1]?.headers as Record<string, string>).Authorization).toBe("Bearer t");
  });

  it("throws the server's message first, else the fallback", async () => {
    answer(409, { error: "Your organization already has the Chatbot Setup plan.", code: "conflict", message: "Your organization already has the Chatbot Setup plan." });
    await expect(startCheckout("t", checkoutRequest(plan))).rejects.toThrow("Your organization already has the Chatbot Setup plan.");
    answer(200, {});
    await expect(startCheckout("t", checkoutRequest(plan))).rejects.toThrow(CHECKOUT_SESSION_FALLBACK);
    answer(502, "nope");
    await expect(startCheckout("t", checkoutRequest(plan))).rejects.toThrow(CHECKOUT_SESSION_FALLBACK);
  });

  it("builds the overview's filtered paths", () => {
    expect(subscriptionsPath("past_due", " acme ")).toBe("/api/v1/admin/billing/subscriptions?status=past_due&q=acme");
    expect(subscriptionsPath("all", "", true)).toBe("/api/v1/admin/billing/subscriptions.csv?status=all&q=");
  });
});
