import { CreditCard } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Billing");

export default function BillingPage() {
  return (
    <ComingSoonPage
      title="Billing"
      section="Billing"
      icon={CreditCard}
      description="Soon you will see your subscription, payment method and billing history here and be able to change your plan."
    />
  );
}
