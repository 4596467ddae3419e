import { useParams } from "react-router";
import { portalMeta } from "~/features/portal/portal-meta";
import { SupportPage } from "~/features/support/components/support-page";

export const meta = () => portalMeta("Support Tickets");

export default function SupportRoute() {
  const { ticketId } = useParams();
  return <SupportPage ticketId={ticketId} />;
}
