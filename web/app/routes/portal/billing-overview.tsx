import { BillingOverview } from "~/features/billing/components/billing-overview";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Billing Overview");

/** The billing overview by its own address: admins see it; anyone else who follows a link here sees ACCESS_DENIED. */
export default function BillingOverviewRoute() {
  return <BillingOverview />;
}
