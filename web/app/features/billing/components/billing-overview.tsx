import { useState } from "react";
import { CreditCard, DollarSign, Download, TrendingDown, TrendingUp, Trash2, Users } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Select } from "~/components/ui/input";
import { LoadingRow, SettingsCard } from "~/components/ui/settings-card";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { SubscriptionSearchMax, type Subscription } from "~/lib/api-types.gen";
import {
  downloadSubscriptionsCSV,
  useBillingSummary,
  useChangeSubscriptionStatus,
  useDeleteSubscription,
  useSubscriptions,
  type StatusFilter,
} from "../api";
import {
  STATUS_FILTERS,
  STATUS_LABELS,
  amountLabel,
  brandLabel,
  cycleLabel,
  billingDate,
  percentLabel,
  statusChangeSummary,
  statusChangedMessage,
  statusLabel,
  type SubscriptionStatus,
} from "../format";
import { errorMessage } from "~/lib/api";
import { useDebounced } from "~/lib/use-debounced";
import { formatMoney } from "~/lib/format";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { SearchField } from "~/components/ui/search-field";

export const ACCESS_DENIED = "Access Denied: Only administrators can access billing overview.";
export const DELETE_CONFIRMATION = "Are you sure you want to delete this subscription? This action cannot be undone.";

const STATUS_TONES: Record<string, BadgeTone> = { active: "success", past_due: "warning", cancelled: "danger" };
const SEARCH_DELAY_MS = 300;

export function BillingOverview() {
  const { profile } = useAuth();
  return <BillingOverviewFor role={profile?.role} />;
}

export function BillingOverviewFor({ role }: { role: string | undefined }) {
  if (role !== "admin") {
    return (
      <div className="space-y-6">
        <PageHeader title="Billing Overview" description="Revenue and every organization's subscription." />
        <Alert tone="error">{ACCESS_DENIED}</Alert>
      </div>
    );
  }
  return <Overview />;
}

function StatusChangeText({ sub, to }: { sub: Subscription; to: SubscriptionStatus }) {
  const { change, consequences } = statusChangeSummary(sub, to);
  return (
    <>
      <p className="font-medium text-slate-900">{change}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

function Overview() {
  const token = useAccessToken();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const q = useDebounced(search, SEARCH_DELAY_MS);
  const summary = useBillingSummary();
  const list = useSubscriptions(status, q);
  const change = useChangeSubscriptionStatus();
  const remove = useDeleteSubscription();
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  // A status picked in a row's dropdown is only a question until the dialog confirms it.
  const [changing, setChanging] = useState<{ sub: Subscription; to: SubscriptionStatus } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const items = list.data?.items ?? [];
  const provider = items.filter((s) => s.provider_subscription_id);
  const currency = summary.data?.currency ?? "usd";

  const columns: DataTableColumn<Subscription>[] = [
    { id: "organization", header: "Organization", cell: (s) => <span className="font-medium text-slate-900">{s.organization_name}</span>, sortValue: (s) => s.organization_name },
    { id: "plan", header: "Plan", cell: (s) => s.plan_name, sortValue: (s) => s.plan_name },
    { id: "amount", header: "Amount", cell: (s) => amountLabel(s), sortValue: (s) => s.amount },
    { id: "cycle", header: "Billing Cycle", cell: (s) => cycleLabel(s.billing_cycle), sortValue: (s) => s.billing_cycle },
    {
      id: "status",
      header: "Status",
      cell: (s) => <Badge tone={STATUS_TONES[s.status] ?? "neutral"}>{statusLabel(s.status)}</Badge>,
      sortValue: (s) => s.status,
    },
    { id: "next", header: "Next Billing", cell: (s) => billingDate(s.next_billing_date), sortValue: (s) => s.next_billing_date ?? "" },
    {
      id: "actions",
      header: "Actions",
      cardWide: true,
      cell: (s) => (
        <div className="flex items-center gap-2">
          <Select
            controlSize="sm"
            className="min-w-[8.5rem]"
            aria-label={`Status of ${s.organization_name}'s subscription`}
            value={s.status}
            disabled={change.isPending}
            onChange={(e) => {
              const to = e.target.value as SubscriptionStatus;
              if (to === s.status) return;
              setNotice(null);
              change.reset();
              setChanging({ sub: s, to });
            }}
          >
            {(Object.keys(STATUS_LABELS) as SubscriptionStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
          <Button variant="ghost" size="sm" aria-label={`Delete ${s.organization_name}'s subscription`} onClick={() => setDeleting(s)}>
            <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ];

  async function exportCSV() {
    setExportError(null);
    setExporting(true);
    try {
      await downloadSubscriptionsCSV(token, status, q);
    } catch {
      setExportError("Failed to export subscriptions");
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Billing Overview"
        description="Revenue and every organization's subscription."
        actions={
          <Button variant="secondary" onClick={exportCSV} loading={exporting}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export
          </Button>
        }
      />
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {change.isError && (
        <Alert tone="error" title="Failed to update subscription">
          {errorMessage(change.error, "The status was not changed. Please try again.")}
        </Alert>
      )}
      {remove.isError && <Alert tone="error">Failed to delete subscription</Alert>}

      <StatGrid label="Billing summary">
        <StatCard label="Total Revenue" icon={DollarSign} value={summary.data ? formatMoney(summary.data.total_revenue, currency) : "…"} hint="Paid invoices" />
        <StatCard label="Active Subscriptions" icon={Users} value={summary.data ? String(summary.data.active_subscriptions) : "…"} hint="Subscriptions in good standing" />
        <StatCard label="Monthly Recurring" icon={TrendingUp} value={summary.data ? formatMoney(summary.data.monthly_recurring, currency) : "…"} hint="Active subscriptions per month" />
        <StatCard label="Churn Rate" icon={TrendingDown} value={summary.data ? percentLabel(summary.data.churn_rate) : "…"} hint="Cancelled in the last 30 days" />
      </StatGrid>

      <SettingsCard title="Subscriptions">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row">
          <SearchField
            label="Search subscriptions"
            placeholder="Search subscriptions..."
            className="flex-1"
            value={search}
            maxLength={SubscriptionSearchMax}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} className="sm:w-48">
            {STATUS_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </div>
        <DataTable
          label="Subscriptions"
          data={items}
          columns={columns}
          getRowId={(s) => s.id}
          emptyText="No subscriptions found"
          loading={list.isPending}
          busy={list.isFetching}
          stackBelow="xl"
        />
      </SettingsCard>

      <SettingsCard title="Card Provider Subscriptions" description="As the payment provider reports them.">
        {list.isPending ? (
          <LoadingRow label="Loading…" />
        ) : provider.length === 0 ? (
          <p className="text-slate-600">No card provider subscriptions yet.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {provider.map((s) => (
              <li key={s.id} className="rounded-xl p-4 ring-1 ring-slate-200">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">{s.organization_name}</p>
                  <Badge tone={STATUS_TONES[s.status] ?? "neutral"}>{s.provider_status || statusLabel(s.status)}</Badge>
                </div>
                <dl className="mt-3 space-y-1 text-sm">
                  <div>
                    <dt className="text-slate-600">Customer</dt>
                    <dd className="font-mono break-all text-slate-900">{s.provider_customer_id}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Price</dt>
                    <dd className="font-mono break-all text-slate-900">{s.price_id}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600">Period ends</dt>
                    <dd className="text-slate-900">{billingDate(s.next_billing_date)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600">Card</dt>
                    <dd className="flex items-center gap-1 text-slate-900">
                      <CreditCard className="h-4 w-4" aria-hidden="true" />
                      {s.payment_method_last4 ? `${brandLabel(s.payment_method_brand)} •••• ${s.payment_method_last4}` : "—"}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>

      <ConfirmDialog
        open={changing !== null}
        title="Change subscription status?"
        confirmLabel={changing ? `Set to ${statusLabel(changing.to)}` : "Change"}
        cancelLabel={changing ? `Keep ${statusLabel(changing.sub.status)}` : "Cancel"}
        tone={changing?.to === "active" ? "primary" : "danger"}
        busy={change.isPending}
        onCancel={() => setChanging(null)}
        onConfirm={() => {
          if (!changing) return;
          const { sub, to } = changing;
          change.mutate(
            { id: sub.id, status: to },
            {
              onSuccess: (saved) => setNotice(statusChangedMessage(saved.organization_name, sub.status, saved.status)),
              onSettled: () => setChanging(null),
            },
          );
        }}
      >
        {changing && <StatusChangeText sub={changing.sub} to={changing.to} />}
      </ConfirmDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete subscription"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setNotice(null);
          remove.mutate(deleting.id, {
            onSuccess: () => setNotice(`${deleting.organization_name}'s subscription was deleted.`),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        {DELETE_CONFIRMATION}
      </ConfirmDialog>
    </div>
  );
}
