import { Navigate } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { adminAccess } from "~/features/auth/guards";
import { AdminDashboardPage } from "~/features/admin-dashboard/components/admin-dashboard-page";
import { paths } from "~/lib/paths";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Admin Dashboard");

export default function AdminDashboardRoute() {
  const { profile } = useAuth();
  if (adminAccess(profile) !== "allow") return <Navigate to={paths.portal.dashboard} replace />;
  return <AdminDashboardPage />;
}
