import { Navigate } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { adminAccess } from "~/features/auth/guards";
import { LeadsPage } from "~/features/leads/components/leads-page";
import { portalMeta } from "~/features/portal/portal-meta";
import { paths } from "~/lib/paths";

export const meta = () => portalMeta("Leads");

export default function LeadsRoute() {
  const { profile } = useAuth();
  if (adminAccess(profile) !== "allow") return <Navigate to={paths.portal.dashboard} replace />;
  return <LeadsPage />;
}
