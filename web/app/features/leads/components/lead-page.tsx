import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, errorMessage } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { paths } from "~/lib/paths";
import { useLead, useSetLeadHandled } from "../api";
import { leadState, preferredTimeLabel } from "../labels";

const linkClass =
  "text-blue-800 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function BackLink() {
  return (
    <Link to={paths.portal.leads} className={`inline-flex items-center gap-1 text-sm font-semibold ${linkClass} no-underline`}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All leads
    </Link>
  );
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One lead for staff: who asked, how to reach them, what they want automated; marked handled once answered. */
export function LeadPage({ leadId }: { leadId: string }) {
  const lead = useLead(leadId);
  const change = useSetLeadHandled(leadId);
  const [done, setDone] = useState<string | null>(null);

  if (lead.isPending) {
    return (
      <div className="space-y-6">
        <BackLink />
        <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="h-5 w-5 border-2" />
          Loading the lead…
        </p>
      </div>
    );
  }
  if (lead.isError) {
    const missing = lead.error instanceof ApiError && lead.error.status === 404;
    return (
      <div className="space-y-6">
        <BackLink />
        <Alert tone="error" title={missing ? "This lead does not exist." : "The lead could not be loaded."}>
          {!missing && (
            <>
              <p>{errorMessage(lead.error, "Please try again.")}</p>
              <Button variant="secondary" size="sm" onClick={() => void lead.refetch()} className="mt-2">
                Retry
              </Button>
            </>
          )}
        </Alert>
      </div>
    );
  }

  const l = lead.data;
  const state = leadState(l);
  const handled = Boolean(l.handled_at);
  const toggle = () => {
    setDone(null);
    change.mutate(!handled, { onSuccess: (updated) => setDone(updated.handled_at ? "Marked as handled." : "Reopened: the lead is open again.") });
  };

  return (
    <div className="space-y-6">
      <BackLink />
      <PageHeader
        title={l.name}
        description={<>{l.company}</>}
        actions={
          <Button variant={handled ? "secondary" : "primary"} loading={change.isPending} onClick={toggle}>
            {handled ? "Reopen" : "Mark as handled"}
          </Button>
        }
      />
      {done && <Alert tone="success">{done}</Alert>}
      {change.isError && <Alert tone="error">{errorMessage(change.error, "The lead could not be changed. Please try again.")}</Alert>}
      <section aria-label="Lead" className="space-y-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <Badge tone={state.tone}>{state.label}</Badge>
          <span>Received {formatDateTime(l.created_at)}</span>
          {l.handled_at && (
            <span>
              Handled {formatDateTime(l.handled_at)}
              {l.handled_by_name ? ` by ${l.handled_by_name}` : ""}
            </span>
          )}
        </div>
        <dl className="grid gap-5 sm:grid-cols-2">
          <Field label="Email">
            <a href={`mailto:${l.email}`} className={linkClass}>
              {l.email}
            </a>
          </Field>
          <Field label="Phone">
            {l.phone ? (
              <a href={`tel:${l.phone.replace(/[^0-9+]/g, "")}`} className={linkClass}>
                {l.phone}
              </a>
            ) : (
              <span className="text-slate-600">Not given</span>
            )}
          </Field>
          <Field label="Company">{l.company}</Field>
          <Field label="Preferred time for the call">{preferredTimeLabel(l.preferred_time)}</Field>
          <Field label="What they would like to automate" wide>
            <p className="whitespace-pre-wrap">{l.automation_goal}</p>
          </Field>
        </dl>
      </section>
    </div>
  );
}
