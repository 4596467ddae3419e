import { CalendarSync } from "lucide-react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { errorMessage } from "~/lib/api";
import { useCalendarFeed, useResetCalendarFeed } from "../api";
import { formatMeetingDate } from "../meetings";

export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [url, setUrl] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const active = feed.data?.active ?? false;

  function create() {
    setConfirming(false);
    reset.mutate(undefined, {
      onSuccess: (f) => {
        setUrl(f.url ?? "");
        setCopied(false);
      },
    });
  }

  return (
    <section aria-labelledby="calendar-feed-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-800">
          <CalendarSync className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="calendar-feed-title" className="font-semibold text-slate-900">
            Calendar feed
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Subscribe to this private address in Google Calendar, Outlook or Apple Calendar to see every meeting there, kept up to date.
            Anyone with the address can read your meetings, so keep it to yourself.
          </p>
          {reset.isError && (
            <Alert tone="error" className="mt-3">
              {errorMessage(reset.error, "The calendar feed could not be created.")}
            </Alert>
          )}
          {url ? (
            <div className="mt-3 space-y-2">
              <label htmlFor="calendar-feed-url" className="block text-sm font-semibold text-slate-900">
                Your calendar feed address (shown only now: copy it)
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-sm" />
                <Button
                  variant="secondary"
                  onClick={() => {
                    void navigator.clipboard?.writeText(url).then(() => setCopied(true));
                  }}
                >
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
            </div>
          ) : (
            active &&
            feed.data?.created_at && (
              <p className="mt-3 text-sm text-slate-700">Your feed address was created on {formatMeetingDate(feed.data.created_at)}.</p>
            )
          )}
          <div className="mt-3">
            {active ? (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} loading={reset.isPending}>
                Reset feed address
              </Button>
            ) : (
              <Button size="sm" onClick={create} loading={reset.isPending} disabled={feed.isPending}>
                Create feed address
              </Button>
            )}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Reset your calendar feed?"
        confirmLabel="Reset address"
        tone="primary"
        onConfirm={create}
        onCancel={() => setConfirming(false)}
      >
        The current address stops working at once. Calendars subscribed to it must subscribe to the new one.
      </ConfirmDialog>
    </section>
  );
}
