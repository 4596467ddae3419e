import { useAuth } from "~/features/auth/auth-provider";
import { BillingOverview } from "~/features/billing/components/billing-overview";
import { BillingPage } from "~/features/billing/components/billing-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Billing");

/** The billing route: the overview for admins, the customer billing page for everyone else. */
export default function BillingRoute() {
  const { profile } = useAuth();
  return profile?.role === "admin" ? <BillingOverview /> : <BillingPage />;
}
