import { Workflow } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Active Automations");

export default function AutomationsPage() {
  return (
    <ComingSoonPage
      title="Active Automations"
      section="Automation monitoring"
      icon={Workflow}
      description="Soon you will see each of your automations here, with its status, success rate, total runs and next run."
    />
  );
}
