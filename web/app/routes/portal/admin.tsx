import { Navigate } from "react-router";
import { ShieldCheck } from "lucide-react";
import { useAuth } from "~/features/auth/auth-provider";
import { adminAccess } from "~/features/auth/guards";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Admin Dashboard");

export default function AdminDashboardPage() {
  const { profile } = useAuth();
  if (adminAccess(profile) !== "allow") return <Navigate to="/portal" replace />;
  return (
    <ComingSoonPage
      title="Admin Dashboard"
      section="The admin dashboard"
      icon={ShieldCheck}
      description="Soon you will see users, organizations, open tickets and monthly revenue here, with growth and ticket charts. Account approvals are already in Settings, under Admin Management."
    />
  );
}
