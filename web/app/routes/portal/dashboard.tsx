import { useAuth } from "~/features/auth/auth-provider";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page";
import { displayName } from "~/features/portal/nav";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Dashboard");

export default function DashboardRoute() {
  const { profile, user } = useAuth();
  return <DashboardPage fallbackName={displayName(profile?.full_name, profile?.email ?? user?.email)} />;
}
