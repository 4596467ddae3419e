import { useParams } from "react-router";
import { InvoicePage } from "~/features/billing/components/invoice-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Invoice");

/** One invoice of the organization as a document, with its PDF. */
export default function BillingInvoiceRoute() {
  const { invoiceId = "" } = useParams();
  return <InvoicePage id={invoiceId} />;
}
