import { Navigate } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { adminAccess } from "~/features/auth/guards";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page";
import { displayName } from "~/features/portal/nav";
import { portalMeta } from "~/features/portal/portal-meta";
import { paths } from "~/lib/paths";

export const meta = () => portalMeta("Dashboard");

/**
 * The portal's home. Staff land on the Admin Dashboard: the customer dashboard counts an
 * organization's tickets and billing, which a staff account does not have. While staff act as
 * a customer, the profile is the customer's, so they see the customer's dashboard.
 */
export default function DashboardRoute() {
  const { profile, user } = useAuth();
  if (adminAccess(profile) === "allow") return <Navigate to={paths.portal.admin} replace />;
  return <DashboardPage fallbackName={displayName(profile?.full_name, profile?.email ?? user?.email)} />;
}
