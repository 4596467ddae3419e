import { CircleHelp } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Frequently Asked Questions");

export default function FaqPage() {
  return (
    <ComingSoonPage
      title="Frequently Asked Questions"
      section="The FAQ"
      icon={CircleHelp}
      description="Soon you will find answers here about getting started, chatbots, workflow automation, billing and data security."
    />
  );
}
