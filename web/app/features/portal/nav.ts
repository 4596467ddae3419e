import {
  ChartColumn,
  CalendarDays,
  CircleHelp,
  CreditCard,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  Settings,
  ShieldCheck,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { Role } from "~/features/auth/profile-api";
import { isPortalPath, paths } from "~/lib/paths";
import { isStaff } from "~/lib/roles";

export type PortalNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

export const PORTAL_NAV: readonly PortalNavItem[] = [
  { to: paths.portal.dashboard, label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: paths.portal.projects, label: "Projects", icon: FolderKanban },
  { to: paths.portal.automations, label: "Automations", icon: Workflow },
  { to: paths.portal.reports, label: "Reports", icon: ChartColumn },
  { to: paths.portal.meetings, label: "Meetings", icon: CalendarDays },
  { to: paths.portal.support, label: "Support", icon: LifeBuoy },
  { to: paths.portal.billing, label: "Billing", icon: CreditCard },
  { to: paths.portal.faq, label: "FAQ", icon: CircleHelp },
  { to: paths.portal.community(), label: "Community", icon: MessagesSquare },
  { to: paths.portal.settings(), label: "Settings", icon: Settings },
];

export const ADMIN_NAV: readonly PortalNavItem[] = [
  { to: paths.portal.admin, label: "Admin Dashboard", icon: ShieldCheck },
  { to: paths.portal.leads, label: "Leads", icon: Inbox },
];

/**
 * The main group for a role. Staff have no customer dashboard (their home, /portal, is the Admin
 * Dashboard of the Administration group), and employees have no billing: they buy nothing, and
 * every organization's billing is an administrator's.
 */
export function portalNavFor(role: Role | undefined): readonly PortalNavItem[] {
  if (!isStaff(role)) return PORTAL_NAV;
  const hidden: string[] = [paths.portal.dashboard];
  if (role !== "admin") hidden.push(paths.portal.billing);
  return PORTAL_NAV.filter((item) => !hidden.includes(item.to));
}

/** The 'Administration' group is shown to admins and employees only. */
export function adminNavFor(role: Role | undefined): readonly PortalNavItem[] {
  return isStaff(role) ? ADMIN_NAV : [];
}

/** The initial shown in the sidebar: the first letter of the name, else of the e-mail address. */
export function userInitial(fullName: string | undefined, email: string | undefined): string {
  const source = (fullName ?? "").trim() || (email ?? "").trim();
  return source ? source.charAt(0).toUpperCase() : "?";
}

/** The name to greet a user with: the full name, else the e-mail address. */
export function displayName(fullName: string | undefined, email: string | undefined): string {
  return (fullName ?? "").trim() || (email ?? "").trim() || "there";
}

const GUEST_PATHS: readonly string[] = [paths.portal.login, paths.portal.register, paths.portal.forgotPassword, paths.portal.resetPassword];

/** Whether a path is a page of the signed-in portal (drawn in its frame), not one of the sign-in pages. */
export function isFramedPortalPath(pathname: string): boolean {
  return isPortalPath(pathname) && !GUEST_PATHS.includes(pathname);
}
