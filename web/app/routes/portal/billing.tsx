import { useAuth } from "~/features/auth/auth-provider";
import { BillingOverview } from "~/features/billing/components/billing-overview";
import { BillingPage } from "~/features/billing/components/billing-page";
import { StaffBilling } from "~/features/billing/components/staff-billing";
import { portalMeta } from "~/features/portal/portal-meta";
import { isStaff } from "~/lib/roles";

export const meta = () => portalMeta("Billing");

/**
 * The billing route: the overview for admins, a page without actions for employees (who have
 * no billing of their own), and the organization's billing page for customers, read-only
 * while staff act as the customer.
 */
export default function BillingRoute() {
  const { profile } = useAuth();
  if (profile?.role === "admin") return <BillingOverview />;
  if (isStaff(profile?.role)) return <StaffBilling />;
  return <BillingPage readOnly={Boolean(profile?.impersonator)} />;
}
