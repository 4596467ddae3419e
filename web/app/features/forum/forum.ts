import {
  ForumCategoryAnalytics,
  ForumCategoryAutomation,
  ForumCategoryFeedback,
  ForumCategoryGeneral,
  ForumCategoryMarketing,
  type ForumCategory,
  type ForumPost,
} from "~/lib/api-types.gen";
import { formatDateTime } from "~/lib/format";

export const FORUM_CATEGORIES: readonly { id: ForumCategory; label: string }[] = [
  { id: ForumCategoryGeneral, label: "General" },
  { id: ForumCategoryMarketing, label: "Marketing" },
  { id: ForumCategoryAutomation, label: "Automation" },
  { id: ForumCategoryAnalytics, label: "Analytics" },
  { id: ForumCategoryFeedback, label: "Feedback" },
];

export function categoryLabel(id: string): string {
  return FORUM_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}

export function isForumCategory(value: string | null): value is ForumCategory {
  return FORUM_CATEGORIES.some((c) => c.id === value);
}

/** Whether the signed-in user may still edit a post: their own, before its edit window closes. */
export function canEdit(post: ForumPost, now: number = Date.now()): boolean {
  return post.author.mine && now <= new Date(post.editable_until).getTime();
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "5 minutes ago", "yesterday"; older than a week: the date and time. */
export function activityTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86400) return relative.format(Math.round(seconds / 86400), "day");
  return formatDateTime(iso);
}
