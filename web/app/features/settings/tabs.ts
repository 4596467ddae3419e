import type { Role } from "~/features/auth/profile-api";
import { isStaff } from "~/lib/roles";

export type SettingsTabId = "profile" | "notifications" | "security" | "announcements" | "admin" | "impersonation";

export type SettingsTab = { id: SettingsTabId; label: string };

const EVERYONE: SettingsTab[] = [
  { id: "profile", label: "Profile" },
  { id: "notifications", label: "Notifications" },
  { id: "security", label: "Security" },
];

const STAFF: SettingsTab[] = [
  { id: "announcements", label: "Announcements" },
  { id: "admin", label: "Admin Management" },
  { id: "impersonation", label: "User Impersonation" },
];

/** Profile, Notifications and Security for everyone, in that order; staff also get the three staff tabs after them. */
export function settingsTabsFor(role: Role | undefined): SettingsTab[] {
  return isStaff(role) ? [...EVERYONE, ...STAFF] : EVERYONE;
}

/** The tab named in the URL when the user may see it, else the first one. */
export function selectedTab(tabs: SettingsTab[], requested: string | null): SettingsTabId {
  return tabs.find((tab) => tab.id === requested)?.id ?? "profile";
}

/** The page title of the tab named in the URL ("Security · Settings"); just "Settings" for the first tab or an unknown one. */
export function settingsTitle(requested: string | null): string {
  const tab = [...EVERYONE, ...STAFF].find((t) => t.id === requested && t.id !== "profile");
  return tab ? `${tab.label} · Settings` : "Settings";
}
