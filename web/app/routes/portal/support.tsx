import { LifeBuoy } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";
import { siteConfig } from "~/lib/site";

export const meta = () => portalMeta("Support Tickets");

export default function SupportPage() {
  return (
    <ComingSoonPage
      title="Support Tickets"
      section="The support desk"
      icon={LifeBuoy}
      description={`Soon you will open support tickets here and follow our replies. Until then, email us at ${siteConfig.email} and we will help right away.`}
    />
  );
}
