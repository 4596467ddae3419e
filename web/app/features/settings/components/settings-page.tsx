import { useRef, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router";
import { Megaphone, UserCog } from "lucide-react";
import { useAuth } from "~/features/auth/auth-provider";
import { AdminManagement } from "~/features/admin/components/admin-management";
import { ComingSoonPanel } from "~/features/portal/components/coming-soon";
import { PageHeader } from "~/features/portal/components/page-header";
import { selectedTab, settingsTabsFor, type SettingsTabId } from "../tabs";
import { NotificationsTab } from "./notifications-tab";
import { ProfileTab } from "./profile-tab";
import { SecurityTab } from "./security-tab";

function TabContent({ id }: { id: SettingsTabId }) {
  switch (id) {
    case "profile":
      return <ProfileTab />;
    case "notifications":
      return <NotificationsTab />;
    case "security":
      return <SecurityTab />;
    case "admin":
      return <AdminManagement />;
    case "announcements":
      return (
        <ComingSoonPanel title="Announcements" icon={Megaphone}>
          Soon staff will publish announcements here that every customer sees in the portal, with a type and an optional
          end date.
        </ComingSoonPanel>
      );
    case "impersonation":
      return (
        <ComingSoonPanel title="User impersonation" icon={UserCog}>
          Soon staff will be able to see the portal exactly as an approved customer sees it, with every step recorded in
          the audit log.
        </ComingSoonPanel>
      );
  }
}

export function SettingsPage() {
  const { profile } = useAuth();
  const [params, setParams] = useSearchParams();
  const tabs = settingsTabsFor(profile?.role);
  const current = selectedTab(tabs, params.get("tab"));
  const buttons = useRef<Partial<Record<SettingsTabId, HTMLButtonElement | null>>>({});

  function select(id: SettingsTabId, focus = false) {
    setParams(id === "profile" ? {} : { tab: id }, { replace: true, preventScrollReset: true });
    if (focus) buttons.current[id]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === current);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowRight: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (tab) select(tab.id, true);
  }

  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="Manage your profile, notifications and account security." />
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div
          role="tablist"
          aria-label="Settings"
          aria-orientation="vertical"
          onKeyDown={onKeyDown}
          className="flex shrink-0 gap-1 overflow-x-auto rounded-2xl bg-white p-2 ring-1 ring-slate-200 md:w-56 md:flex-col"
        >
          {tabs.map((tab) => {
            const active = tab.id === current;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  buttons.current[tab.id] = el;
                }}
                id={`settings-tab-${tab.id}`}
                type="button"
                role="tab"
                aria-selected={active}
                aria-controls={active ? `settings-panel-${tab.id}` : undefined}
                tabIndex={active ? 0 : -1}
                onClick={() => select(tab.id)}
                className={`rounded-lg px-3 py-2.5 text-left text-sm font-medium whitespace-nowrap transition-colors ${
                  active ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <div
          id={`settings-panel-${current}`}
          role="tabpanel"
          aria-labelledby={`settings-tab-${current}`}
          tabIndex={0}
          className="min-w-0 flex-1"
        >
          <TabContent id={current} />
        </div>
      </div>
    </div>
  );
}
