import type { Meeting, MeetingAttendee, MeetingType, MeetingWhen } from "~/lib/api-types.gen";
import { timeZoneAbbreviation } from "~/lib/format";

export const MEETING_TABS: readonly { when: MeetingWhen; label: string }[] = [
  { when: "upcoming", label: "Upcoming" },
  { when: "past", label: "Past" },
  { when: "all", label: "All" },
];

export const EMPTY_MESSAGES: Record<MeetingWhen, string> = {
  upcoming: "You have no upcoming meetings. Schedule a consultation to get started.",
  past: "You have no past meetings yet.",
  all: "No meetings have been scheduled yet.",
};

export const MEETING_TYPES: readonly { value: MeetingType; label: string }[] = [
  { value: "consultation", label: "Consultation" },
  { value: "review", label: "Review" },
  { value: "training", label: "Training" },
  { value: "support", label: "Support" },
  { value: "planning", label: "Planning" },
];

export function typeLabel(type: string): string {
  return MEETING_TYPES.find((t) => t.value === type)?.label ?? type;
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function canJoin(m: Pick<Meeting, "status" | "meeting_url">): boolean {
  return m.status === "scheduled" && m.meeting_url !== "";
}

/** Only a meeting still ahead (scheduled, not yet over) goes into a calendar. */
export function canAddToCalendar(m: Pick<Meeting, "status" | "end_time">, now: number = Date.now()): boolean {
  return m.status === "scheduled" && Date.parse(m.end_time) > now;
}

/** A tab's name with how many meetings it holds, once known: "Upcoming (2)". */
export function tabLabel(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

export function sortByStart<T extends Pick<Meeting, "start_time">>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}

export function formatMeetingDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));
}

/** "11:00 AM – 12:00 PM EDT": the viewer's clock (or `timeZone`'s), with the zone named. */
export function formatTimeRange(startIso: string, endIso: string, timeZone?: string): string {
  const time = (iso: string) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(iso));
  return `${time(startIso)} – ${time(endIso)} ${timeZoneAbbreviation(endIso, timeZone)}`;
}

/** "Tue, Mar 10, 2026, 11:00 AM – 12:00 PM EDT": when a meeting is, in one line. */
export function formatMeetingWhen(startIso: string, endIso: string, timeZone?: string): string {
  return `${formatMeetingDate(startIso, timeZone)}, ${formatTimeRange(startIso, endIso, timeZone)}`;
}

export function attendeeCount(n: number): string {
  return n === 1 ? "1 attendee" : `${n} attendees`;
}

/** Parses one attendee per line: "Name <email>", a bare address, or a name alone. */
export function parseAttendees(text: string): MeetingAttendee[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const angled = /^(.*)<([^>]+)>$/.exec(line);
      if (angled) return { name: (angled[1] ?? "").trim() || (angled[2] ?? "").trim(), email: (angled[2] ?? "").trim() };
      if (/^[^\s@]+@[^\s@]+$/.test(line)) return { name: line, email: line };
      return { name: line, email: "" };
    });
}

export function formatAttendees(list: readonly MeetingAttendee[] | null): string {
  return (list ?? []).map((a) => (a.email ? (a.name && a.name !== a.email ? `${a.name} <${a.email}>` : a.email) : a.name)).join("\n");
}

/** The value of a datetime-local input for an instant, in the viewer's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An instant (RFC 3339, UTC) from a datetime-local value read in the viewer's time zone; "" when empty or invalid. */
export function fromLocalInput(value: string): string {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().replace(/\.\d{3}Z$/, "Z");
}
