import { paths } from "~/lib/paths";

/** "Welcome back" once an earlier sign-in exists; "Welcome" on the first one, and while the dashboard loads. */
export function greeting(name: string, lastLogin: string | null | undefined): string {
  return `${lastLogin ? "Welcome back" : "Welcome"}, ${name}`;
}

export function formatLastLogin(iso: string | null, timeZone?: string): string {
  if (!iso) return "First sign-in";
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}

export function formatBillingDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));
}

export function formatActivityTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const minutes = Math.round((now.getTime() - Date.parse(iso)) / 60000);
  if (minutes >= 0 && minutes < 1) return "Just now";
  if (minutes >= 0 && minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  if (minutes >= 0 && minutes < 24 * 60) {
    const hours = Math.round(minutes / 60);
    return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  }
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));
}

const activityLinks: Record<string, string> = {
  meetings: paths.portal.meetings,
  support: paths.portal.support,
  projects: paths.portal.projects,
  reports: paths.portal.reports,
  automations: paths.portal.automations,
  billing: paths.portal.billing,
};

export function activityLink(link: string): string | undefined {
  return activityLinks[link];
}
