import type { AnnouncementType } from "~/lib/api-types.gen";

export const ANNOUNCEMENT_TYPES: { value: AnnouncementType; label: string }[] = [
  { value: "info", label: "Info" },
  { value: "success", label: "Success" },
  { value: "warning", label: "Warning" },
  { value: "error", label: "Error" },
];

export const BANNER_CLASSES: Record<AnnouncementType, string> = {
  info: "bg-blue-50 text-blue-950 ring-blue-300",
  success: "bg-green-50 text-green-950 ring-green-300",
  warning: "bg-amber-50 text-amber-950 ring-amber-300",
  error: "bg-red-50 text-red-950 ring-red-300",
};

export function typeLabel(type: AnnouncementType): string {
  return ANNOUNCEMENT_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** A datetime-local value (the browser's time zone) as an ISO instant; null when empty or not a date. */
export function showUntilToISO(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Whether a show-until time has passed (at now, default the current time). */
export function hasEnded(showUntil: string | null, now: number = Date.now()): boolean {
  return showUntil !== null && new Date(showUntil).getTime() <= now;
}
