import { CreditCard, LifeBuoy } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { ButtonLink } from "~/components/ui/button-link";
import { EmptyState } from "~/components/ui/empty-state";
import { paths } from "~/lib/paths";

export const STAFF_NO_BILLING = "Staff accounts have no billing of their own";

/**
 * Billing as an employee sees it: nothing to buy (plans are bought by customers for their
 * organization) and no overview (every organization's billing is an administrator's), so the
 * page says so and offers no action the server would refuse.
 */
export function StaffBilling() {
  return (
    <div className="space-y-6">
      <PageHeader title="Billing" description="Subscriptions, payment methods and invoices belong to customers' organizations." />
      <EmptyState icon={CreditCard} title={STAFF_NO_BILLING}>
        <p>
          Plans are bought by customers for their organization, and only administrators see the billing overview of every
          organization. A customer with a billing question can ask it in a support ticket.
        </p>
        <div className="mt-5 flex justify-center">
          <ButtonLink to={paths.portal.support} variant="outline">
            <LifeBuoy className="h-4 w-4" aria-hidden="true" />
            Support Tickets
          </ButtonLink>
        </div>
      </EmptyState>
    </div>
  );
}
