import { Activity, CalendarDays, CalendarClock, Clock, LifeBuoy, MessageSquare, ShieldCheck, Ticket } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ScheduleOptionsDialog } from "~/components/layout/schedule-options-dialog";
import { Alert } from "~/components/ui/alert";
import { LoadError } from "~/components/ui/load-error";
import { Button, buttonVariants } from "~/components/ui/button";
import { errorMessage } from "~/lib/api";
import { paths } from "~/lib/paths";
import { type DashboardSummary, useDashboard } from "../api";
import { activityLink, formatActivityTime, formatBillingDate, formatLastLogin, greeting } from "../dashboard";
import { StatCard, StatGrid } from "~/components/ui/stat-card";

export function DashboardPage({ fallbackName }: { fallbackName: string }) {
  const dashboard = useDashboard();
  const [scheduling, setScheduling] = useState(false);
  return (
    <>
      <DashboardView
        data={dashboard.data}
        loading={dashboard.isPending}
        error={dashboard.isError ? errorMessage(dashboard.error, "The dashboard could not be loaded.") : ""}
        onRetry={() => dashboard.refetch()}
        retrying={dashboard.isFetching}
        fallbackName={fallbackName}
        onSchedule={() => setScheduling(true)}
      />
      <ScheduleOptionsDialog open={scheduling} onClose={() => setScheduling(false)} />
    </>
  );
}

export function DashboardView({
  data: d,
  loading,
  error,
  onRetry,
  retrying,
  fallbackName,
  onSchedule,
}: {
  data: DashboardSummary | undefined;
  loading: boolean;
  error: string;
  onRetry: () => unknown;
  retrying: boolean;
  fallbackName: string;
  onSchedule: () => void;
}) {
  const dash = (v: ReactNode) => (loading ? "…" : v);

  return (
    <div className="space-y-8">
      <PageHeader title={greeting(d?.full_name || fallbackName, d?.last_login)} description="Here is what is happening with your account." />
      {error && <LoadError title="The dashboard could not be loaded." message={error} onRetry={onRetry} retrying={retrying} />}

      {d?.next_billing_date && (
        <Alert tone="info" title="Upcoming Billing">
          Your next billing date is {formatBillingDate(d.next_billing_date)}.{" "}
          <Link to={paths.portal.billing} className="font-semibold underline">
            View billing
          </Link>
        </Alert>
      )}

      <StatGrid label="Overview">
        <StatCard label="Open Tickets" value={<span data-testid="stat-open-tickets">{dash(d?.open_tickets ?? 0)}</span>} icon={Ticket} />
        <StatCard label="Forum Posts" value={<span data-testid="stat-forum-posts">{dash(d?.forum_posts ?? 0)}</span>} icon={MessageSquare} />
        <StatCard label="Account Status" value={<span data-testid="stat-account-status">{dash(d?.account_status ?? "")}</span>} icon={ShieldCheck} />
        <StatCard
          label="Last Login"
          value={
            <span className="text-lg" data-testid="stat-last-login">
              {dash(formatLastLogin(d?.last_login ?? null))}
            </span>
          }
          icon={Clock}
        />
      </StatGrid>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-activity" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
          <h2 id="recent-activity" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Activity className="h-5 w-5 text-blue-700" aria-hidden="true" />
            Recent Activity
          </h2>
          <ul className="mt-4 divide-y divide-slate-100">
            {(d?.recent_activity ?? []).map((a, i) => {
              const to = activityLink(a.link);
              return (
                <li key={`${a.at}-${i}`} className="flex items-start justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {to ? (
                        <Link to={to} className="hover:underline">
                          {a.title}
                        </Link>
                      ) : (
                        a.title
                      )}
                    </p>
                    {a.detail && a.kind !== "meeting" && <p className="text-sm text-slate-600">{a.detail}</p>}
                  </div>
                  <time dateTime={a.at} className="shrink-0 text-sm text-slate-500">
                    {formatActivityTime(a.at)}
                  </time>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="quick-actions" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
            Quick Actions
          </h2>
          <div className="mt-4 flex flex-col gap-3">
            <Link to={paths.portal.newTicket} className={buttonVariants({ variant: "primary" })}>
              <LifeBuoy className="h-4 w-4" aria-hidden="true" />
              Create Support Ticket
            </Link>
            {d?.forum_available ? (
              <Link to={paths.portal.community()} className={buttonVariants({ variant: "secondary" })}>
                <MessageSquare className="h-4 w-4" aria-hidden="true" />
                Join Forum Discussion
              </Link>
            ) : (
              <Button variant="secondary" disabled aria-describedby="forum-soon">
                <MessageSquare className="h-4 w-4" aria-hidden="true" />
                Join Forum Discussion
              </Button>
            )}
            {!d?.forum_available && (
              <p id="forum-soon" className="-mt-2 text-xs text-slate-600">
                The community forum opens soon.
              </p>
            )}
            <Button variant="secondary" onClick={onSchedule}>
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Schedule Consultation
            </Button>
            <Link to={paths.portal.meetings} className={buttonVariants({ variant: "ghost" })}>
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              See your meetings
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
