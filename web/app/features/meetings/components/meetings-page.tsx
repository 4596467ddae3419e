import { CalendarDays, Plus } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { PageHeader } from "~/components/layout/page-header";
import { ScheduleOptionsDialog } from "~/components/layout/schedule-options-dialog";
import { Alert } from "~/components/ui/alert";
import { Button, UnstyledButton } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { QueryState } from "~/components/ui/query-state";
import { CardsSkeleton } from "~/components/ui/skeleton";
import { errorMessage } from "~/lib/api";
import { type Meeting, type MeetingWhen, useCancelMeeting, useCompleteMeeting, useDownloadMeetingICS, useMeetings } from "../api";
import { EMPTY_MESSAGES, MEETING_TABS, formatMeetingWhen, sortByStart, tabLabel } from "../meetings";
import { CalendarFeedPanel } from "./calendar-feed-panel";
import { MeetingCard } from "./meeting-card";
import { MeetingFormDialog } from "./meeting-form-dialog";

export function MeetingsPage({
  staff,
  scheduleOpen,
  onScheduleOpenChange,
}: {
  staff: boolean;
  scheduleOpen: boolean;
  onScheduleOpenChange: (open: boolean) => void;
}) {
  const [when, setWhen] = useState<MeetingWhen>("upcoming");
  const meetings = useMeetings(when);
  const counts: Record<MeetingWhen, number | undefined> = {
    upcoming: useMeetings("upcoming").data?.total,
    past: useMeetings("past").data?.total,
    all: useMeetings("all").data?.total,
  };
  const cancel = useCancelMeeting();
  const complete = useCompleteMeeting();
  const download = useDownloadMeetingICS();
  const [cancelling, setCancelling] = useState<Meeting | null>(null);
  const [completing, setCompleting] = useState<Meeting | null>(null);
  const [editing, setEditing] = useState<Meeting | null | undefined>(undefined);
  const [notice, setNotice] = useState("");
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(""), 6000);
    return () => clearTimeout(timer);
  }, [notice]);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + MEETING_TABS.length) % MEETING_TABS.length;
    const tab = MEETING_TABS[next];
    if (tab) setWhen(tab.when);
    tabRefs.current[next]?.focus();
  }

  const list = sortByStart(meetings.data?.items ?? []);
  const error = cancel.error ?? complete.error ?? download.error;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Meetings & Consultations"
        description="Your scheduled meetings, consultations and their history."
        actions={
          // Staff schedule meetings themselves; the ways to ask the team for one are a customer's.
          staff ? (
            <Button onClick={() => setEditing(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              New meeting
            </Button>
          ) : (
            <Button onClick={() => onScheduleOpenChange(true)}>
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Schedule Meeting
            </Button>
          )
        }
      />
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{errorMessage(error, "Something went wrong. Please try again.")}</Alert>}

      <div role="tablist" aria-label="Meetings" className="flex gap-1 border-b border-slate-200">
        {MEETING_TABS.map((tab, i) => (
          <UnstyledButton
            key={tab.when}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`meetings-tab-${tab.when}`}
            aria-selected={when === tab.when}
            aria-controls="meetings-panel"
            tabIndex={when === tab.when ? 0 : -1}
            onClick={() => setWhen(tab.when)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
              when === tab.when ? "border-blue-700 text-blue-800" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {tabLabel(tab.label, counts[tab.when])}
          </UnstyledButton>
        ))}
      </div>

      <div id="meetings-panel" role="tabpanel" aria-labelledby={`meetings-tab-${when}`}>
        <QueryState query={meetings} loading={<CardsSkeleton label="Loading meetings…" count={2} />} failed="The meetings could not be loaded.">
          {() =>
            list.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
                <CalendarDays className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
                <h2 className="mt-3 text-lg font-semibold text-slate-900">No meetings found</h2>
                <p className="mt-1 text-sm text-slate-600">{EMPTY_MESSAGES[when]}</p>
              </div>
            ) : (
              <div className="grid gap-4 lg:grid-cols-2">
                {list.map((m) => (
                  <MeetingCard
                    key={m.id}
                    meeting={m}
                    staff={staff}
                    onCancel={setCancelling}
                    onComplete={setCompleting}
                    onEdit={setEditing}
                    onAddToCalendar={(meeting) => download.mutate(meeting)}
                    downloading={download.isPending && download.variables?.id === m.id}
                  />
                ))}
              </div>
            )
          }
        </QueryState>
      </div>

      <CalendarFeedPanel />

      <ScheduleOptionsDialog open={scheduleOpen} onClose={() => onScheduleOpenChange(false)} />
      {editing !== undefined && <MeetingFormDialog meeting={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this meeting?"
        confirmLabel="Cancel meeting"
        cancelLabel="Keep meeting"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: (m) => {
              setCancelling(null);
              setNotice(`"${m.title}" was cancelled. Everyone invited has been told.`);
            },
            onError: () => setCancelling(null),
          })
        }
      >
        {cancelling &&
          `"${cancelling.title}" on ${formatMeetingWhen(cancelling.start_time, cancelling.end_time)} will be cancelled and everyone invited will receive a cancellation. This cannot be undone.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={completing !== null}
        title="Mark this meeting as completed?"
        confirmLabel="Mark completed"
        tone="primary"
        busy={complete.isPending}
        onCancel={() => setCompleting(null)}
        onConfirm={() =>
          completing &&
          complete.mutate(completing.id, { onSuccess: () => setCompleting(null), onError: () => setCompleting(null) })
        }
      >
        {completing && `"${completing.title}" will move to the meeting history.`}
      </ConfirmDialog>
    </div>
  );
}
