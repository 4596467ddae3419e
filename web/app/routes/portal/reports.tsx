import { ChartColumn } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Analytics & Reports");

export default function ReportsPage() {
  return (
    <ComingSoonPage
      title="Analytics & Reports"
      section="Reporting"
      icon={ChartColumn}
      description="Soon you will find savings, efficiency and hours saved here, with performance charts and reports to download."
    />
  );
}
