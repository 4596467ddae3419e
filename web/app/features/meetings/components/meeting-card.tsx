import { CalendarDays, CalendarPlus, CheckCircle2, Clock, MapPin, Pencil, Users, Video, XCircle } from "lucide-react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, UnstyledButton } from "~/components/ui/button";
import type { Meeting } from "../api";
import { attendeeCount, canAddToCalendar, canJoin, formatMeetingDate, formatTimeRange, statusLabel, typeLabel } from "../meetings";

const statusTone: Record<string, BadgeTone> = { scheduled: "info", completed: "success", cancelled: "danger" };

export function MeetingCard({
  meeting,
  staff,
  onCancel,
  onAddToCalendar,
  onEdit,
  onComplete,
  downloading,
}: {
  meeting: Meeting;
  staff: boolean;
  onCancel: (m: Meeting) => void;
  onAddToCalendar: (m: Meeting) => void;
  onEdit: (m: Meeting) => void;
  onComplete: (m: Meeting) => void;
  downloading: boolean;
}) {
  const cancelled = meeting.status === "cancelled";
  const scheduled = meeting.status === "scheduled";
  const titleId = `meeting-${meeting.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-status={meeting.status}
      data-dimmed={cancelled || undefined}
      className={`rounded-2xl border p-5 ${cancelled ? "border-dashed border-slate-300 bg-slate-100" : "border-slate-200 bg-white shadow-sm"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className={`text-lg font-semibold ${cancelled ? "text-slate-600 line-through" : "text-slate-900"}`}>
            {meeting.title}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Badge tone="neutral">{typeLabel(meeting.type)}</Badge>
            <Badge tone={statusTone[meeting.status] ?? "neutral"}>{statusLabel(meeting.status)}</Badge>
            {staff && meeting.organization_name && <span className="text-sm text-slate-600">{meeting.organization_name}</span>}
          </div>
        </div>
        {scheduled && (
          <UnstyledButton
            type="button"
            onClick={() => onCancel(meeting)}
            aria-label={`Cancel meeting: ${meeting.title}`}
            title="Cancel meeting"
            className="rounded-lg p-2 text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <XCircle className="h-5 w-5" aria-hidden="true" />
          </UnstyledButton>
        )}
      </div>
      {meeting.description && <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{meeting.description}</p>}
      <dl className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Date</dt>
          <CalendarDays className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <dd>{formatMeetingDate(meeting.start_time)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Time</dt>
          <Clock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <dd>{formatTimeRange(meeting.start_time, meeting.end_time)}</dd>
        </div>
        {meeting.location && (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Location</dt>
            <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dd>{meeting.location}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt className="sr-only">Attendees</dt>
          <Users className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <dd>{attendeeCount(meeting.attendees?.length ?? 0)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {canJoin(meeting) && (
          <a
            href={meeting.meeting_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-lg bg-blue-700 px-3 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <Video className="h-4 w-4" aria-hidden="true" />
            Join
          </a>
        )}
        {canAddToCalendar(meeting) && (
          <Button size="sm" variant="secondary" onClick={() => onAddToCalendar(meeting)} loading={downloading}>
            {!downloading && <CalendarPlus className="h-4 w-4" aria-hidden="true" />}
            Add to calendar
          </Button>
        )}
        {staff && scheduled && (
          <>
            <Button size="sm" variant="ghost" onClick={() => onEdit(meeting)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onComplete(meeting)}>
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              Mark completed
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
