import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { Building2, CircleDollarSign, LifeBuoy, MessagesSquare, Users } from "lucide-react";
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage } from "~/lib/api";
import type { AdminActivity, AdminDashboard } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";
import { useAuth } from "~/features/auth/auth-provider";
import { useAdminDashboard } from "../api";
import { TICKET_STATUS_LABELS, describeActivity, monthLabel } from "../activity";
import { formatCount, formatDateTime, formatMoney } from "~/lib/format";
import { StatCard, StatGrid } from "~/components/ui/stat-card";

const CHART_HEIGHT = 300;
const STATUS_COLORS: Record<string, string> = {
  open: "#1d4ed8",
  in_progress: "#b45309",
  resolved: "#047857",
  closed: "#475569",
};

function Panel({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function DataTableFallback({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer rounded font-medium text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
        Show the figures as a table
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              {head.map((h, i) => (
                <th key={h} scope="col" className={`py-2 pr-4 font-medium ${i > 0 ? "text-right" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest]) => (
              <tr key={String(first)} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-4 font-normal text-slate-700">
                  {first}
                </th>
                {rest.map((cell, i) => (
                  <td key={i} className="py-2 pr-4 text-right text-slate-900 tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function GrowthChart({ data }: { data: AdminDashboard }) {
  // The last month is the running one: its bars are drawn lighter and named "so far", so that
  // a month that has only begun does not read as a fall.
  const rows = data.growth.map((m, i) => ({
    month: monthLabel(m.month),
    partial: i === data.growth.length - 1,
    Accounts: m.accounts,
    Organizations: m.organizations,
  }));
  const total = data.growth.reduce((n, m) => n + m.accounts + m.organizations, 0);
  const first = rows[0]?.month ?? "";
  const last = rows[rows.length - 1]?.month ?? "";
  const bar = (name: "Accounts" | "Organizations", fill: string) => (
    <Bar dataKey={name} fill={fill} isAnimationActive={false}>
      {rows.map((r) => (
        <Cell key={r.month} fill={fill} fillOpacity={r.partial ? 0.45 : 1} />
      ))}
    </Bar>
  );
  return (
    <Panel title="Monthly Growth" description={`New accounts and organizations per month, ${first} – ${last} (this month so far).`}>
      <div
        role="img"
        aria-label={`Bar chart of new accounts and organizations per month from ${first} to ${last}, the last month so far: ${total} in all. The table below lists the figures.`}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="month" tick={{ fontSize: 12, fill: "#475569" }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
            <Tooltip labelFormatter={(label) => (label === last ? `${last} (so far)` : label)} />
            <Legend />
            {bar("Accounts", "#1d4ed8")}
            {bar("Organizations", "#047857")}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="mt-1 text-sm text-slate-600">Lighter bars: {last}, so far.</p>
      <DataTableFallback
        caption="New accounts and organizations per month"
        head={["Month", "Accounts", "Organizations"]}
        rows={rows.map((r) => [r.partial ? `${r.month} (so far)` : r.month, r.Accounts, r.Organizations])}
      />
    </Panel>
  );
}

function TicketChart({ data }: { data: AdminDashboard }) {
  const rows = data.ticket_status.map((s) => ({ status: TICKET_STATUS_LABELS[s.status] ?? s.status, key: s.status, Tickets: s.count }));
  const total = rows.reduce((n, r) => n + r.Tickets, 0);
  return (
    <Panel title="Ticket Status Distribution" description="All support tickets, by their status now.">
      <div
        role="img"
        aria-label={`Bar chart of support tickets by status: ${rows.map((r) => `${r.status} ${r.Tickets}`).join(", ")}. The table below lists the figures.`}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="status" tick={{ fontSize: 12, fill: "#475569" }} interval={0} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} />
            <Tooltip />
            <Bar dataKey="Tickets" isAnimationActive={false}>
              {rows.map((r) => (
                <Cell key={r.key} fill={STATUS_COLORS[r.key] ?? "#1d4ed8"} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {total === 0 && <p className="mt-2 text-sm text-slate-600">No tickets yet.</p>}
      <DataTableFallback caption="Support tickets by status" head={["Status", "Tickets"]} rows={rows.map((r) => [r.status, r.Tickets])} />
    </Panel>
  );
}

function ActivityItem({ entry }: { entry: AdminActivity }) {
  const line = describeActivity(entry);
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <p className="text-slate-700">
        <span className="font-semibold text-slate-900">{line.actor}</span> {line.verb}{" "}
        {line.target &&
          (line.target.to ? (
            <Link to={line.target.to} className="font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
              {line.target.label}
            </Link>
          ) : (
            <span className="font-medium text-slate-900">{line.target.label}</span>
          ))}
        {line.after && ` ${line.after}`}
      </p>
      <time dateTime={entry.created_at} className="shrink-0 text-sm text-slate-600">
        {formatDateTime(entry.created_at)}
      </time>
    </li>
  );
}

export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;
  // Revenue is an administrator's figure; the server leaves it out for employees.
  const revenue = useAuth().profile?.role === "admin";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        description={`${revenue ? "Accounts, organizations, tickets and revenue" : "Accounts, organizations and tickets"}, computed from the portal's data.`}
        actions={
          <ButtonLink to={paths.portal.community()} variant="outline">
            <MessagesSquare className="h-4 w-4" aria-hidden="true" />
            Community Forum
          </ButtonLink>
        }
      />
      {dashboard.isError ? (
        <Alert tone="error" title="The dashboard could not be loaded.">
          <p>{errorMessage(dashboard.error, "Please try again.")}</p>
          <Button variant="secondary" size="sm" onClick={() => void dashboard.refetch()} className="mt-2">
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <div className="flex justify-center py-16" role="status" aria-live="polite">
          <Spinner />
          <span className="sr-only">Loading the dashboard…</span>
        </div>
      ) : (
        <>
          <StatGrid label="Overview">
            <StatCard data-tile="Total Users" label="Total Users" value={formatCount(data.total_users)} icon={Users} />
            <StatCard data-tile="Organizations" label="Organizations" value={formatCount(data.organizations)} icon={Building2} />
            <StatCard data-tile="Open Tickets" label="Open Tickets" value={formatCount(data.open_tickets)} icon={LifeBuoy} />
            {data.monthly_revenue_cents !== null && (
              <StatCard data-tile="Monthly Revenue" label="Monthly Revenue" value={formatMoney(data.monthly_revenue_cents, data.currency)} icon={CircleDollarSign} />
            )}
          </StatGrid>
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <GrowthChart data={data} />
            <TicketChart data={data} />
          </div>
          <Panel title="Recent Activity" description="The latest staff and community actions from the audit log.">
            {data.recent_activity.length === 0 ? (
              <p className="text-sm text-slate-600">No activity yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.recent_activity.map((entry) => (
                  <ActivityItem key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          </Panel>
        </>
      )}
    </div>
  );
}
