import { portalMeta } from "~/features/portal/portal-meta";
import { ReportsPage } from "~/features/workspace/components/reports-page";

export const meta = () => portalMeta("Analytics & Reports");

export default function ReportsRoute() {
  return <ReportsPage />;
}
