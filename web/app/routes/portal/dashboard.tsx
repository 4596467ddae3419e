import { LayoutDashboard } from "lucide-react";
import { useAuth } from "~/features/auth/auth-provider";
import { ComingSoonPanel } from "~/features/portal/components/coming-soon";
import { PageHeader } from "~/features/portal/components/page-header";
import { displayName } from "~/features/portal/nav";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Dashboard");

export default function DashboardPage() {
  const { profile, user } = useAuth();
  return (
    <div className="space-y-8">
      <PageHeader
        title={`Welcome back, ${displayName(profile?.full_name, profile?.email ?? user?.email)}`}
        description="Here is your portal. Use the menu to reach your settings and, soon, everything else."
      />
      <ComingSoonPanel title="Your dashboard" icon={LayoutDashboard}>
        Open tickets, forum activity, your account status, recent activity and upcoming billing will appear here. Until
        then, you can manage your profile, notifications and security in Settings.
      </ComingSoonPanel>
    </div>
  );
}
