import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { ApiError, deleteJSON, getJSON, patchJSON, postJSON, putJSON, saveDownload } from "~/lib/api";
import { paths } from "~/lib/paths";
import type {
  BillingAccount,
  BillingSummary,
  CheckoutAnswer,
  CheckoutRequest,
  CheckoutSession,
  InvoiceDocument,
  Plan,
  Subscription,
  SubscriptionPage,
} from "~/lib/api-types.gen";
import { confirmCheckout } from "./checkout-confirmation";
import type { SubscriptionStatus } from "./format";

export type StatusFilter = "all" | SubscriptionStatus;

export const billingKeys = {
  all: ["billing"] as const,
  plans: ["billing", "plans"] as const,
  account: (userId: string) => ["billing", "account", userId] as const,
  subscriptions: (status: StatusFilter, q: string) => ["billing", "subscriptions", status, q] as const,
  summary: ["billing", "summary"] as const,
  invoice: (id: string) => ["billing", "invoice", id] as const,
};

export function subscriptionsPath(status: StatusFilter, q: string, csv = false): string {
  const params = new URLSearchParams({ status, q: q.trim() });
  return `/api/v1/admin/billing/subscriptions${csv ? ".csv" : ""}?${params.toString()}`;
}

// GET /api/v1/billing/plans

export const fetchPlans = (token: string, signal?: AbortSignal) => getJSON<Plan[]>("/api/v1/billing/plans", { token, signal });

export function usePlans(enabled: boolean) {
  const token = useAccessToken();
  return useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => fetchPlans(token, signal), enabled });
}

// GET /api/v1/billing

export const fetchBillingAccount = (token: string, signal?: AbortSignal) =>
  getJSON<BillingAccount>("/api/v1/billing", { token, signal });

export const billingAccountQuery = (token: string, userId: string) =>
  queryOptions({ queryKey: billingKeys.account(userId), queryFn: ({ signal }) => fetchBillingAccount(token, signal) });

export function useBillingAccount() {
  return useQuery(billingAccountQuery(useAccessToken(), useAuth().user?.id ?? ""));
}

// POST /functions/v1/stripe-checkout (answers {url} or {error})

export const CHECKOUT_FAILED = "Failed to start checkout process. Please try again.";
export const CHECKOUT_SESSION_FALLBACK = "Failed to create checkout session";

export async function startCheckout(token: string, request: CheckoutRequest): Promise<string> {
  let answer: CheckoutAnswer;
  try {
    answer = await postJSON<CheckoutAnswer>("/functions/v1/stripe-checkout", request, { token });
  } catch (err) {
    const fromServer = err instanceof ApiError && err.code !== "unexpected" && err.code !== "network_error" && err.message;
    throw new Error(fromServer || CHECKOUT_SESSION_FALLBACK);
  }
  if (!answer?.url) throw new Error(CHECKOUT_SESSION_FALLBACK);
  return answer.url;
}

/** Return URLs are paths of this site: the server makes them absolute with its own site URL, whatever origin the page was opened on. */
export function checkoutRequest(plan: Plan): CheckoutRequest {
  return {
    price_id: plan.price_id,
    mode: plan.mode,
    success_url: "/checkout/success?success=true",
    cancel_url: paths.portal.billingCanceled,
  };
}

export function useCheckout() {
  const token = useAccessToken();
  return useMutation({
    mutationFn: (plan: Plan) => startCheckout(token, checkoutRequest(plan)),
    onSuccess: (url) => window.location.assign(url),
  });
}

// POST /api/v1/billing/portal-session

export function usePortalSession() {
  const token = useAccessToken();
  return useMutation({
    mutationFn: () => postJSON<CheckoutAnswer>("/api/v1/billing/portal-session", {}, { token }),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}

// POST /api/v1/billing/cancel and /api/v1/billing/resume

export function useCancelAtPeriodEnd() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) => postJSON<Subscription>(`/api/v1/billing/${cancel ? "cancel" : "resume"}`, {}, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

// PUT /api/v1/billing/address: the lines invoices bill the organization to; answers the billing account.

export function useSaveBillingAddress() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: string[]) => putJSON<BillingAccount>("/api/v1/billing/address", { lines }, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

// GET /api/v1/billing/checkout-sessions/{id} (the success page, outside the portal's query client)

export const fetchCheckoutSession = (token: string, id: string, signal?: AbortSignal) =>
  getJSON<CheckoutSession>(`/api/v1/billing/checkout-sessions/${encodeURIComponent(id)}`, { token, signal });

/** The billing page's check of a return from checkout (?success=…&session_id=…), as the success page does it. */
export function useCheckoutConfirmation(params: URLSearchParams) {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const returned = params.has("success");
  const search = params.toString();
  return useQuery({
    queryKey: ["checkout-confirmation", search],
    queryFn: async ({ signal }) => {
      const outcome = await confirmCheckout(new URLSearchParams(search), async () => token || null, (t, id) => fetchCheckoutSession(t, id, signal));
      // A paid checkout may have been applied after the page read the account: read it again.
      if (outcome.status === "confirmed") await queryClient.invalidateQueries({ queryKey: ["billing", "account"] });
      return outcome;
    },
    enabled: returned,
    staleTime: Infinity,
    retry: false,
  });
}

// GET /api/v1/admin/billing/subscriptions

export function useSubscriptions(status: StatusFilter, q: string) {
  const token = useAccessToken();
  return useQuery({
    queryKey: billingKeys.subscriptions(status, q.trim()),
    queryFn: ({ signal }) => getJSON<SubscriptionPage>(subscriptionsPath(status, q), { token, signal }),
    placeholderData: keepPreviousData,
  });
}

// GET /api/v1/admin/billing/summary

export function useBillingSummary() {
  const token = useAccessToken();
  return useQuery({
    queryKey: billingKeys.summary,
    queryFn: ({ signal }) => getJSON<BillingSummary>("/api/v1/admin/billing/summary", { token, signal }),
  });
}

// PATCH /api/v1/admin/billing/subscriptions/{id}

export function useChangeSubscriptionStatus() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SubscriptionStatus }) =>
      patchJSON<Subscription>(`/api/v1/admin/billing/subscriptions/${encodeURIComponent(id)}`, { status }, { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

// DELETE /api/v1/admin/billing/subscriptions/{id}

export function useDeleteSubscription() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteJSON(`/api/v1/admin/billing/subscriptions/${encodeURIComponent(id)}`, { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

// GET /api/v1/admin/billing/subscriptions.csv

export async function downloadSubscriptionsCSV(token: string, status: StatusFilter, q: string): Promise<void> {
  const res = await fetch(subscriptionsPath(status, q, true), { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error("Failed to export subscriptions");
  await saveDownload(res, "subscriptions.csv");
}

// GET /api/v1/billing/invoices/{id}: the caller's organization's invoice (an admin's: any), 404 otherwise.

const invoicePath = (id: string) => `/api/v1/billing/invoices/${encodeURIComponent(id)}`;

export function useInvoice(id: string) {
  const token = useAccessToken();
  return useQuery({ queryKey: billingKeys.invoice(id), queryFn: ({ signal }) => getJSON<InvoiceDocument>(invoicePath(id), { token, signal }) });
}

// GET /api/v1/billing/invoices/{id}/pdf

export const INVOICE_DOWNLOAD_FAILED = "The invoice could not be downloaded. Please try again.";

export async function downloadInvoicePDF(token: string, id: string): Promise<void> {
  const res = await fetch(`${invoicePath(id)}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(INVOICE_DOWNLOAD_FAILED);
  await saveDownload(res, "invoice.pdf");
}

export function useDownloadInvoice(id: string) {
  const token = useAccessToken();
  return useMutation({ mutationFn: () => downloadInvoicePDF(token, id) });
}
