import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { portalAccess } from "~/features/auth/guards";
import { AccountRejected, PendingApproval, ProfileLoadingNotice } from "~/features/portal/components/account-state";
import { PageSkeleton } from "~/components/ui/skeleton";
import { paths } from "~/lib/paths";
import { PortalShell } from "~/features/portal/components/portal-shell";
import { AnnouncementBanners } from "~/features/announcements/components/announcement-banners";
import { ImpersonationBar, ImpersonationFlash } from "~/features/impersonation/components/impersonation-banner";

const banners = (
  <>
    <ImpersonationFlash />
    <AnnouncementBanners />
  </>
);
const topBar = <ImpersonationBar />;

export default function PortalLayout() {
  const { snapshot } = useAuth();
  const location = useLocation();
  switch (portalAccess(snapshot)) {
    case "loading":
      // The frame shows at once, the page in outline, while the session is read.
      return (
        <PortalShell>
          <PageSkeleton label="Loading your account…" />
        </PortalShell>
      );
    case "login":
      return <Navigate to={paths.portal.login} replace state={{ from: location.pathname + location.search }} />;
    case "pending-approval":
      return <PendingApproval />;
    case "rejected":
      return <AccountRejected />;
    case "allow-without-profile":
      return (
        <PortalShell banners={banners} topBar={topBar}>
          <ProfileLoadingNotice />
          <Outlet />
        </PortalShell>
      );
    case "allow":
      return (
        <PortalShell banners={banners} topBar={topBar}>
          <Outlet />
        </PortalShell>
      );
  }
}
