import { ApiError } from "~/lib/api";
import type { CheckoutSession } from "~/lib/api-types.gen";

export type CheckoutConfirmation =
  | { status: "confirmed"; transactionId: string; planName: string }
  | { status: "not_confirmed"; transactionId: string | null; reason: "unknown" | "unpaid" | "signed_out" | "unreachable" }
  | { status: "not_completed"; transactionId: string | null };

const FAILED_FLAGS = new Set(["false", "0", "no"]);

/**
 * Asks the server which checkout the return URL names before anything says it was paid: only a session of the
 * caller's organization that the provider reported paid is confirmed.
 */
export async function confirmCheckout(
  params: URLSearchParams,
  getToken: () => Promise<string | null>,
  fetchSession: (token: string, id: string) => Promise<CheckoutSession>,
): Promise<CheckoutConfirmation> {
  const transactionId = params.get("session_id")?.trim() || null;
  const flag = params.get("success")?.trim().toLowerCase();
  if (flag && FAILED_FLAGS.has(flag)) return { status: "not_completed", transactionId };
  if (!transactionId) return { status: "not_confirmed", transactionId, reason: "unknown" };
  const token = await getToken().catch(() => null);
  if (!token) return { status: "not_confirmed", transactionId, reason: "signed_out" };
  try {
    const session = await fetchSession(token, transactionId);
    if (session.paid) return { status: "confirmed", transactionId, planName: session.plan_name };
    return { status: session.status === "expired" ? "not_completed" : "not_confirmed", transactionId, reason: "unpaid" } as CheckoutConfirmation;
  } catch (err) {
    const reason = err instanceof ApiError && (err.status === 404 || err.status === 401 || err.status === 403) ? "unknown" : "unreachable";
    return { status: "not_confirmed", transactionId, reason };
  }
}

export const NOT_CONFIRMED_TEXT: Record<"unknown" | "unpaid" | "signed_out" | "unreachable", string> = {
  unknown: "We could not find this purchase for your account, so we cannot confirm a payment. If you paid, your billing page shows it within a few minutes.",
  unpaid: "Your payment has not been confirmed yet. If you completed it, your billing page shows it within a few minutes; otherwise you have not been charged.",
  signed_out: "Sign in to the portal to confirm this purchase. If you paid, your billing page shows it.",
  unreachable: "We could not reach the server to confirm your payment. Check your billing page in a few minutes.",
};
