import { Navigate, useParams } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { adminAccess } from "~/features/auth/guards";
import { LeadPage } from "~/features/leads/components/lead-page";
import { portalMeta } from "~/features/portal/portal-meta";
import { paths } from "~/lib/paths";

export const meta = () => portalMeta("Lead");

export default function LeadRoute() {
  const { profile } = useAuth();
  const { leadId = "" } = useParams();
  if (adminAccess(profile) !== "allow") return <Navigate to={paths.portal.dashboard} replace />;
  return <LeadPage key={leadId} leadId={leadId} />;
}
