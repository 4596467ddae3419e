import { portalMeta } from "~/features/portal/portal-meta";
import { AutomationsPage } from "~/features/workspace/components/automations-page";

export const meta = () => portalMeta("Active Automations");

export default function AutomationsRoute() {
  return <AutomationsPage />;
}
