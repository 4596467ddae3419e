import { AdminManagement } from "~/features/admin/components/admin-management";
import { AnnouncementsPanel } from "~/features/announcements/components/announcements-panel";
import { ImpersonationPanel } from "~/features/impersonation/components/impersonation-panel";
import { useAuth } from "~/features/auth/auth-provider";
import { SettingsPage } from "~/features/settings/components/settings-page";
import { SupportCategoriesPanel } from "~/features/support/components/categories-panel";
import { TeamPanel } from "~/features/team/components/team-panel";
import { isStaff } from "~/lib/roles";
import { portalMeta } from "~/features/portal/portal-meta";
import { settingsTitle } from "~/features/settings/tabs";
import type { Route } from "./+types/settings";

export const meta = ({ location }: Route.MetaArgs) => portalMeta(settingsTitle(new URLSearchParams(location.search).get("tab")));

export default function SettingsRoute() {
  const { profile } = useAuth();
  return (
    <SettingsPage
      panels={{
        admin: (
          <div className="space-y-8">
            <AdminManagement />
            {profile?.role === "admin" && <SupportCategoriesPanel />}
          </div>
        ),
        announcements: <AnnouncementsPanel />,
        impersonation: <ImpersonationPanel />,
        team:
          profile && !isStaff(profile.role) ? (
            <TeamPanel organizationId={profile.organization_id} organizationName={profile.organization_name} />
          ) : null,
      }}
    />
  );
}
