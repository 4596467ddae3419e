import { useState } from "react";
import { CalendarRange, Clock, DollarSign, Download, FileText, Gauge, RefreshCw, Zap } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { LoadError } from "~/components/ui/load-error";
import { CardsSkeleton, RowsSkeleton } from "~/components/ui/skeleton";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { errorMessage } from "~/lib/api";
import type { Report, ReportFrequency, ReportPeriod } from "~/lib/api-types.gen";
import { isStaff } from "~/lib/roles";
import { downloadReport, useGenerateReport, useOrganizations, useReportSummary, useReports, useScheduleReport } from "../api";
import { FREQUENCY_LABELS, PERIOD_LABELS, REPORT_STATUS_LABELS, REPORT_STATUS_TONES, workspaceMoney } from "../labels";
import { SO_FAR, periodText } from "../report-figures";
import { CostSavingsBreakdown, PerformanceTrends } from "./report-charts";
import { LabelOptions, OrganizationSelect } from "./shared";
import { formatCount, formatDateTime } from "~/lib/format";
import { StatCard } from "~/components/ui/stat-card";

function ReportRow({
  report,
  staff,
  period,
  onError,
}: {
  report: Report;
  staff: boolean;
  period: ReportPeriod;
  onError: (message: string) => void;
}) {
  const token = useAccessToken();
  const generate = useGenerateReport();
  const schedule = useScheduleReport();
  const [downloading, setDownloading] = useState<"pdf" | "csv" | null>(null);
  const status = report.status;
  const download = async (format: "pdf" | "csv") => {
    setDownloading(format);
    try {
      await downloadReport(token, report, format);
    } catch (error) {
      onError(error instanceof Error ? error.message : "The report could not be downloaded.");
    } finally {
      setDownloading(null);
    }
  };
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" aria-labelledby={`report-${report.id}`}>
      <div className="flex min-w-0 items-start gap-3">
        <FileText className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
        <div className="min-w-0">
          <h3 id={`report-${report.id}`} className="font-medium text-slate-900">
            {report.name}
          </h3>
          <p className="text-sm text-slate-600">{report.description}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            {status && <Badge tone={REPORT_STATUS_TONES[status]}>{REPORT_STATUS_LABELS[status]}</Badge>}
            <span>Last generated: {formatDateTime(report.last_generated, { empty: "Never" })}</span>
            {/* Named facts, not "·"-joined words: on a phone the row wraps, and a line began with a dot. */}
            {report.last_generated && <span>Period: {PERIOD_LABELS[report.period]}</span>}
            {report.frequency && !staff && <span>Schedule: {FREQUENCY_LABELS[report.frequency]}</span>}
          </p>
          {status === "error" && report.error && <p className="mt-1 text-sm text-red-700">{report.error}</p>}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {staff && (
          <>
            <label htmlFor={`schedule-${report.id}`} className="sr-only">
              Schedule of {report.name}
            </label>
            <Select
              id={`schedule-${report.id}`}
              controlSize="sm"
              className="w-36"
              value={report.frequency ?? ""}
              disabled={schedule.isPending}
              onChange={(e) =>
                schedule.mutate(
                  {
                    id: report.id,
                    frequency: (e.target.value || null) as ReportFrequency | null,
                  },
                  {
                    onError: (err) => onError(errorMessage(err, "The schedule could not be saved.")),
                  },
                )
              }
            >
              <option value="">Not scheduled</option>
              <LabelOptions labels={FREQUENCY_LABELS} />
            </Select>
          </>
        )}
        <Button
          size="sm"
          variant="secondary"
          loading={generate.isPending || status === "generating"}
          aria-label={`Generate ${report.name}`}
          onClick={() =>
            generate.mutate(
              { ids: [report.id], period },
              {
                onError: (err) => onError(errorMessage(err, "The report could not be generated.")),
              },
            )
          }
        >
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Generate
        </Button>
        {status === "ready" && report.file_url && (
          <>
            <Button size="sm" loading={downloading === "pdf"} aria-label={`Download ${report.name}`} onClick={() => void download("pdf")}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download
            </Button>
            <Button
              size="sm"
              variant="ghost"
              loading={downloading === "csv"}
              aria-label={`Download the runs of ${report.name} as CSV`}
              onClick={() => void download("csv")}
            >
              CSV
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export function ReportsPage() {
  const { profile } = useAuth();
  const staff = isStaff(profile?.role);
  const [period, setPeriod] = useState<ReportPeriod>("30d");
  const [chosenOrganization, setOrganization] = useState("");
  const [error, setError] = useState<string | null>(null);
  const organizations = useOrganizations(staff);
  const organization = chosenOrganization || (staff ? (organizations.data?.[0]?.id ?? "") : "");
  const ready = !staff || organization !== "";
  const summary = useReportSummary(organization, period, ready);
  const reports = useReports(organization, ready);
  const generateAll = useGenerateReport();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics & Reports"
        description="Measure the impact of your automations."
        actions={
          <div className="flex flex-wrap items-end gap-3">
            {staff && (
              <div>
                <label htmlFor="reports-organization" className="block text-sm font-medium text-slate-700">
                  Organization
                </label>
                <OrganizationSelect
                  id="reports-organization"
                  value={organization}
                  onChange={setOrganization}
                  organizations={organizations.data}
                />
              </div>
            )}
            <div>
              <label htmlFor="reports-period" className="block text-sm font-medium text-slate-700">
                Period
              </label>
              <Select id="reports-period" value={period} onChange={(e) => setPeriod(e.target.value as ReportPeriod)}>
                <LabelOptions labels={PERIOD_LABELS} />
              </Select>
            </div>
          </div>
        }
      />
      {error && <Alert tone="error">{error}</Alert>}
      {!ready ? (
        <p className="text-sm text-slate-600">Choose an organization to see its reports.</p>
      ) : summary.isPending ? (
        <CardsSkeleton label="Loading figures…" count={2} />
      ) : summary.error ? (
        <LoadError
          title="The figures could not be loaded."
          message={errorMessage(summary.error, "")}
          onRetry={() => summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="report-period">
            <CalendarRange className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>
              Figures for <span className="font-medium text-slate-900">{periodText(summary.data)}</span> ({SO_FAR[summary.data.period]}{" "}
              included)
            </span>
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="report-tiles">
            <StatCard
              label="Total Savings"
              value={<span data-testid="total-savings">{workspaceMoney(summary.data.total_savings_cents)}</span>}
              icon={DollarSign}
              tone="green"
            />
            <StatCard
              label="Efficiency Gain"
              value={<span data-testid="efficiency-gain">{`${summary.data.efficiency_gain.toFixed(1)}%`}</span>}
              icon={Gauge}
            />
            <StatCard
              label="Hours Saved"
              value={<span data-testid="hours-saved">{formatCount(summary.data.hours_saved)}</span>}
              icon={Clock}
              tone="violet"
            />
            <StatCard
              label="Active Automations"
              value={<span data-testid="active-automations">{summary.data.active_automations}</span>}
              icon={Zap}
              tone="amber"
            />
          </div>
          <div className="grid gap-4 xl:grid-cols-2">
            <section aria-labelledby="performance-trends" className="min-w-0 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <h2 id="performance-trends" className="font-semibold text-slate-900">
                Performance Trends
              </h2>
              <p className="mb-3 text-sm text-slate-600">{periodText(summary.data)}</p>
              <PerformanceTrends points={summary.data.trends} period={summary.data.period} />
            </section>
            <section aria-labelledby="cost-savings" className="min-w-0 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <h2 id="cost-savings" className="font-semibold text-slate-900">
                Cost Savings Breakdown
              </h2>
              <p className="mb-3 text-sm text-slate-600">{periodText(summary.data)}</p>
              <CostSavingsBreakdown slices={summary.data.breakdown} />
            </section>
          </div>
        </>
      )}
      {ready && (
        <section aria-labelledby="available-reports" className="rounded-2xl bg-white ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 p-4">
            <h2 id="available-reports" className="font-semibold text-slate-900">
              Available Reports
            </h2>
            <Button
              size="sm"
              loading={generateAll.isPending}
              disabled={!reports.data}
              onClick={() =>
                reports.data &&
                generateAll.mutate(
                  {
                    ids: reports.data.items.filter((r) => r.status !== "generating").map((r) => r.id),
                    period,
                  },
                  {
                    onError: (err) => setError(errorMessage(err, "The reports could not be generated.")),
                  },
                )
              }
            >
              Generate All
            </Button>
          </div>
          {reports.isPending ? (
            <div className="p-4">
              <RowsSkeleton label="Loading reports…" rows={3} />
            </div>
          ) : reports.error ? (
            <div className="p-4">
              <LoadError
                title="The reports could not be loaded."
                message={errorMessage(reports.error, "")}
                onRetry={() => reports.refetch()}
                retrying={reports.isFetching}
              />
            </div>
          ) : (
            <ul className="divide-y divide-slate-100">
              {reports.data.items.map((r) => (
                <ReportRow key={r.id} report={r} staff={staff} period={period} onError={setError} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
