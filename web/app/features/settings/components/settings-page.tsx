import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { PageHeader } from "~/components/layout/page-header";
import { selectedTab, settingsTabsFor, type SettingsTabId } from "../tabs";
import { NotificationsTab } from "./notifications-tab";
import { ProfileTab } from "./profile-tab";
import { SecurityTab } from "./security-tab";
import { UnstyledButton } from "~/components/ui/button";

/** Panels that belong to other features; the route composes them in (team: under the profile, for customers). */
export type SettingsPanels = { admin: ReactNode; team: ReactNode; announcements: ReactNode; impersonation: ReactNode };

function TabContent({ id, profileId, panels }: { id: SettingsTabId; profileId: string | undefined; panels: SettingsPanels }) {
  switch (id) {
    case "profile":
      return (
        <div className="space-y-8">
          <ProfileTab key={profileId ?? "not-loaded"} />
          {panels.team}
        </div>
      );
    case "notifications":
      return <NotificationsTab />;
    case "security":
      return <SecurityTab />;
    case "admin":
      return panels.admin;
    case "announcements":
      return panels.announcements;
    case "impersonation":
      return panels.impersonation;
  }
}

/** The settings tabs; the route passes in the Admin Management panel, which belongs to the admin feature. */
export function SettingsPage({ panels }: { panels: SettingsPanels }) {
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
          className="grid shrink-0 grid-cols-2 gap-1 rounded-2xl bg-white p-2 ring-1 ring-slate-200 sm:grid-cols-3 md:flex md:w-56 md:flex-col"
        >
          {tabs.map((tab) => {
            const active = tab.id === current;
            return (
              <UnstyledButton
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
                className={`rounded-lg px-3 py-2.5 text-left text-sm font-medium transition-colors ${
                  active ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </UnstyledButton>
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
          <TabContent id={current} profileId={profile?.id} panels={panels} />
        </div>
      </div>
    </div>
  );
}
