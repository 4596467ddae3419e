import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { portalAccess } from "~/features/auth/guards";
import { PendingApproval, ProfileUnavailable } from "~/features/portal/components/account-state";
import { FullPageSpinner } from "~/components/ui/full-page-spinner";
import { PortalShell } from "~/features/portal/components/portal-shell";

export default function PortalLayout() {
  const { snapshot } = useAuth();
  const location = useLocation();
  switch (portalAccess(snapshot)) {
    case "loading":
      return <FullPageSpinner />;
    case "login":
      return <Navigate to="/portal/login" replace state={{ from: location.pathname + location.search }} />;
    case "pending-approval":
      return <PendingApproval />;
    case "profile-unavailable":
      return <ProfileUnavailable />;
    case "allow":
      return (
        <PortalShell>
          <Outlet />
        </PortalShell>
      );
  }
}
