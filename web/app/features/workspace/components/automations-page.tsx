import { useState } from "react";
import { Link } from "react-router";
import {
  Activity,
  Bot,
  CircleAlert,
  Cog,
  Database,
  History,
  KeyRound,
  Mail,
  Pause,
  Pencil,
  Play,
  Plug,
  Plus,
  Trash2,
  Workflow,
  Zap,
} from "lucide-react";
import { ListPage } from "~/components/layout/list-page";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormButtons } from "~/components/ui/form-buttons";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { LoadError } from "~/components/ui/load-error";
import { RowsSkeleton } from "~/components/ui/skeleton";
import { useAuth } from "~/features/auth/auth-provider";
import { errorMessage } from "~/lib/api";
import {
  type Automation,
  type AutomationSecret,
  type AutomationStatus,
  type AutomationType,
} from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";
import { isStaff } from "~/lib/roles";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import {
  useAutomations,
  useDeleteAutomation,
  useOrganizations,
  useRotateToken,
  useRuns,
  useSaveAutomation,
  useToggleAutomation,
} from "../api";
import {
  AUTOMATION_STATUS_LABELS,
  AUTOMATION_STATUS_TONES,
  AUTOMATION_TYPE_LABELS,
  automationStats,
  workspaceMoney,
  parseDollars,
} from "../labels";
import { BasicsFields, LabelOptions, OrganizationFilter, ProgressBar } from "./shared";
import { formatCount, formatDateTime } from "~/lib/format";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSelect } from "~/components/ui/filter-bar";

const TYPE_ICONS: Record<AutomationType, typeof Bot> = {
  chatbot: Bot,
  workflow: Workflow,
  email: Mail,
  data_processing: Database,
  integration: Plug,
};

type Draft = {
  organization_id: string;
  name: string;
  description: string;
  type: AutomationType;
  status: AutomationStatus;
  next_run: string;
  minutes: string;
  hourly: string;
};

function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function draftOf(a: Automation | null, org: string): Draft {
  return a
    ? {
        organization_id: a.organization_id,
        name: a.name,
        description: a.description,
        type: a.type,
        status: a.status,
        next_run: localInput(a.next_run),
        minutes: String(a.minutes_saved_per_run),
        hourly: (a.hourly_cost_cents / 100).toFixed(2),
      }
    : {
        organization_id: org,
        name: "",
        description: "",
        type: "workflow",
        status: "active",
        next_run: "",
        minutes: "0",
        hourly: "0",
      };
}

function AutomationForm({
  automation,
  defaultOrg,
  onCancel,
  onDone,
}: {
  automation: Automation | null;
  defaultOrg: string;
  onCancel: () => void;
  onDone: (result: Automation | AutomationSecret) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(automation, defaultOrg));
  const organizations = useOrganizations(true);
  const form = useApiForm(useSaveAutomation(), {
    idPrefix: "automation",
    fallbackMessage: "The automation could not be saved.",
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const onSubmit = form.onSubmit(
    () => ({
      id: automation?.id,
      organization_id: draft.organization_id,
      name: draft.name,
      description: draft.description,
      type: draft.type,
      status: draft.status,
      next_run: draft.next_run ? new Date(draft.next_run).toISOString() : null,
      minutes_saved_per_run: Number(draft.minutes),
      hourly_cost_cents: parseDollars(draft.hourly) ?? -1,
    }),
    (v): FieldErrors => {
      const errors: FieldErrors = {};
      if (!v.organization_id) errors.organization_id = "Choose an organization.";
      if (!v.name.trim()) errors.name = "Enter an automation name.";
      if (!Number.isInteger(v.minutes_saved_per_run) || v.minutes_saved_per_run < 0)
        errors.minutes_saved_per_run = "Enter whole minutes, 0 or more.";
      if (v.hourly_cost_cents < 0) errors.hourly_cost_cents = "Enter an amount in dollars, such as 45 or 45.50.";
      return errors;
    },
    { onSuccess: onDone },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <BasicsFields field={form.field} draft={draft} set={set} organizations={organizations.data} isNew={!automation} />
      {/* Type and Status side by side; Next run on a row of its own, wide enough for its date and time. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Type" {...form.field("type")}>
          {(control) => (
            <Select {...control} value={draft.type} onChange={(e) => set({ type: e.target.value as AutomationType })}>
              <LabelOptions labels={AUTOMATION_TYPE_LABELS} />
            </Select>
          )}
        </FormField>
        <FormField label="Status" {...form.field("status")}>
          {(control) => (
            <Select {...control} value={draft.status} onChange={(e) => set({ status: e.target.value as AutomationStatus })}>
              <LabelOptions labels={AUTOMATION_STATUS_LABELS} />
            </Select>
          )}
        </FormField>
      </div>
      <FormField label="Next run (optional)" {...form.field("next_run")}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            className="sm:max-w-xs"
            value={draft.next_run}
            onChange={(e) => set({ next_run: e.target.value })}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Minutes saved per run"
          hint="Used by reports: each successful run saves this much work."
          {...form.field("minutes_saved_per_run")}
        >
          {(control) => (
            <Input {...control} type="number" min={0} value={draft.minutes} onChange={(e) => set({ minutes: e.target.value })} />
          )}
        </FormField>
        <FormField label="Hourly cost replaced ($)" hint="What an hour of the work it replaces costs." {...form.field("hourly_cost_cents")}>
          {(control) => <Input {...control} inputMode="decimal" value={draft.hourly} onChange={(e) => set({ hourly: e.target.value })} />}
        </FormField>
      </div>
      <FormButtons onCancel={onCancel} submitting={form.submitting}>
        {automation ? "Save Automation" : "Create Automation"}
      </FormButtons>
    </form>
  );
}

function TokenPanel({ secret }: { secret: AutomationSecret }) {
  const url = `${window.location.origin}/api/v1/automations/${secret.automation.id}/runs/ingest`;
  return (
    <div className="space-y-3">
      <Alert tone="warning" title="Copy this token now">
        It is shown only this once. Store it in your automation engine; if it is lost, issue a new one.
      </Alert>
      <FormField id="automation-token" label="Ingestion token">
        {(control) => <Input {...control} readOnly value={secret.token} onFocus={(e) => e.currentTarget.select()} className="font-mono" />}
      </FormField>
      <FormField id="automation-ingest-url" label="Endpoint">
        {(control) => <Input {...control} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono" />}
      </FormField>
      <p className="text-sm text-slate-700">
        Post each run as JSON with <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;token&gt;</code>, for example{" "}
        <code className="rounded bg-slate-100 px-1">{`{"outcome":"success","items_processed":12}`}</code>.
      </p>
    </div>
  );
}

function DetailsDialog({
  automation,
  staff,
  onClose,
  onEdit,
  onDelete,
}: {
  automation: Automation | null;
  staff: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const runs = useRuns(automation?.id ?? null);
  const rotate = useRotateToken();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const close = () => {
    rotate.reset();
    onClose();
  };
  return (
    <Dialog
      open={automation !== null}
      title={automation ? automation.name : "Automation"}
      onClose={close}
      size="lg"
      footer={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      {automation && (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Type</dt>
              <dd className="font-medium">{AUTOMATION_TYPE_LABELS[automation.type]}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Status</dt>
              <dd className="font-medium">{AUTOMATION_STATUS_LABELS[automation.status]}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Success rate</dt>
              <dd className="font-medium">{automation.success_rate.toFixed(1)}%</dd>
            </div>
            <div>
              <dt className="text-slate-600">Total runs</dt>
              <dd className="font-medium">{automation.total_runs}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Minutes saved per run</dt>
              <dd className="font-medium">{automation.minutes_saved_per_run}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Hourly cost replaced</dt>
              <dd className="font-medium">{workspaceMoney(automation.hourly_cost_cents)}</dd>
            </div>
          </dl>
          {staff && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={onEdit}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirmRotate(true)} loading={rotate.isPending}>
                <KeyRound className="h-4 w-4" aria-hidden="true" />
                Show new token
              </Button>
              <Button size="sm" variant="ghost" onClick={onDelete}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete
              </Button>
            </div>
          )}
          {rotate.error && <Alert tone="error">{errorMessage(rotate.error, "A new token could not be issued.")}</Alert>}
          {rotate.data && <TokenPanel secret={rotate.data} />}
          <section aria-labelledby="run-history">
            <h3 id="run-history" className="font-semibold text-slate-900">
              Run history
            </h3>
            {runs.isPending ? (
              <RowsSkeleton label="Loading runs…" rows={3} />
            ) : runs.error ? (
              <LoadError
                title="The runs could not be loaded."
                message={errorMessage(runs.error, "")}
                onRetry={() => runs.refetch()}
                retrying={runs.isFetching}
              />
            ) : runs.data.items.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No runs yet.</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-600">
                  Latest {runs.data.items.length} of {runs.data.total} runs
                </p>
                <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
                  {runs.data.items.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
                      <span>{formatDateTime(r.started_at, { empty: "Never" })}</span>
                      <span className="text-slate-600">{r.items_processed} items</span>
                      <Badge tone={r.outcome === "success" ? "success" : "danger"}>{r.outcome === "success" ? "Success" : "Failure"}</Badge>
                      {r.message && <span className="w-full text-slate-600">{r.message}</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <ConfirmDialog
            open={confirmRotate}
            title="Issue a new token"
            confirmLabel="Issue new token"
            tone="primary"
            onCancel={() => setConfirmRotate(false)}
            onConfirm={() => {
              setConfirmRotate(false);
              rotate.mutate(automation.id);
            }}
          >
            The current token stops working at once. Are you sure you want to issue a new one?
          </ConfirmDialog>
        </div>
      )}
    </Dialog>
  );
}

/**
 * Why an automation is in error and what to do: the message of its latest failed run; a customer
 * is offered a support ticket that already names the automation and the error.
 */
function LastError({ automation, staff }: { automation: Automation; staff: boolean }) {
  const runs = useRuns(automation.id);
  const failed = runs.data?.items.find((r) => r.outcome === "failure");
  const when = failed ? formatDateTime(failed.finished_at ?? failed.started_at) : "";
  const message = failed?.message || "No error message was recorded.";
  const ticket = paths.portal.ticketDraft({
    title: `Automation in error: ${automation.name}`,
    description: `"${automation.name}" shows an error.\n\nLast error${when ? ` (${when})` : ""}: ${message}\n\nAnything we should know:\n`,
  });
  return (
    <Alert tone="error" title="Last error" className="mt-4">
      {runs.isPending ? (
        <p>Loading the last error…</p>
      ) : (
        <p className="break-words">
          {when && <span className="font-medium">{when}: </span>}
          {runs.isError ? "The last error could not be loaded." : message}
        </p>
      )}
      <p className="mt-2">
        {staff ? (
          "Check the run history and the connected service, then set the automation back to Active in Settings."
        ) : (
          <>
            It is not running until this is fixed.{" "}
            <Link to={ticket} className="font-semibold underline underline-offset-2">
              Open a support ticket
            </Link>{" "}
            and we will look into it.
          </>
        )}
      </p>
    </Alert>
  );
}

function AutomationCard({
  automation,
  staff,
  busy,
  onToggle,
  onDetails,
  onEdit,
}: {
  automation: Automation;
  staff: boolean;
  busy: boolean;
  onToggle: (action: "pause" | "resume") => void;
  onDetails: () => void;
  onEdit: () => void;
}) {
  const Icon = TYPE_ICONS[automation.type] ?? Zap;
  const canPause = automation.status === "active";
  const canResume = automation.status === "paused";
  return (
    <article aria-labelledby={`automation-${automation.id}`} className="flex flex-col rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={`automation-${automation.id}`} className="font-semibold break-words text-slate-900">
              {automation.name}
            </h2>
            <p className="text-sm text-slate-600">
              {AUTOMATION_TYPE_LABELS[automation.type]}
              {staff ? ` · ${automation.organization_name}` : ""}
            </p>
          </div>
        </div>
        <Badge tone={AUTOMATION_STATUS_TONES[automation.status]}>{AUTOMATION_STATUS_LABELS[automation.status]}</Badge>
      </div>
      {automation.description && <p className="mt-3 text-sm text-slate-700">{automation.description}</p>}
      <div className="mt-4">
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-600">Success Rate</span>
          <span className="font-medium text-slate-900" data-testid="success-rate">
            {automation.success_rate.toFixed(1)}%
          </span>
        </div>
        <ProgressBar value={automation.success_rate} label={`${automation.name} success rate`} tone="green" />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Total Runs</dt>
          <dd className="font-medium text-slate-900" data-testid="total-runs">
            {formatCount(automation.total_runs)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Last Run</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(automation.last_run, { empty: "Never" })}</dd>
        </div>
        {automation.next_run && (
          <div className="col-span-2">
            <dt className="text-slate-600">Next Run</dt>
            <dd className="font-medium text-slate-900">{formatDateTime(automation.next_run, { empty: "Never" })}</dd>
          </div>
        )}
      </dl>
      {automation.status === "error" && <LastError automation={automation} staff={staff} />}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        {canPause && (
          <Button size="sm" variant="secondary" aria-label={`Pause ${automation.name}`} loading={busy} onClick={() => onToggle("pause")}>
            {!busy && <Pause className="h-4 w-4" aria-hidden="true" />}
            Pause
          </Button>
        )}
        {canResume && (
          <Button size="sm" variant="secondary" aria-label={`Resume ${automation.name}`} loading={busy} onClick={() => onToggle("resume")}>
            {!busy && <Play className="h-4 w-4" aria-hidden="true" />}
            Resume
          </Button>
        )}
        <Button size="sm" variant="secondary" aria-label={`Run history of ${automation.name}`} onClick={onDetails}>
          <History className="h-4 w-4" aria-hidden="true" />
          Run history
        </Button>
        {staff && (
          <Button size="sm" variant="secondary" aria-label={`Settings of ${automation.name}`} onClick={onEdit}>
            <Cog className="h-4 w-4" aria-hidden="true" />
            Settings
          </Button>
        )}
      </div>
    </article>
  );
}

export function AutomationsPage() {
  const { profile } = useAuth();
  const staff = isStaff(profile?.role);
  const [organization, setOrganization] = useState("");
  const [type, setType] = useState("");
  const [details, setDetails] = useState<string | null>(null);
  const [editing, setEditing] = useState<Automation | "new" | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const [created, setCreated] = useState<AutomationSecret | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const all = useAutomations({ organization, type: "" });
  const list = useAutomations({ organization, type });
  const organizations = useOrganizations(staff);
  const toggle = useToggleAutomation();
  const remove = useDeleteAutomation();
  const stats = automationStats(all.data?.items ?? []);
  const detailed = list.data?.items.find((a) => a.id === details) ?? all.data?.items.find((a) => a.id === details) ?? null;

  return (
    <>
      <ListPage
        title="Active Automations"
        description="Monitor and manage your AI automations."
        actions={
          staff ? (
            <Button onClick={() => setEditing("new")}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              New Automation
            </Button>
          ) : undefined
        }
        notices={
          <>
            {notice && <Alert tone="success">{notice}</Alert>}
            {toggle.error && <Alert tone="error">{errorMessage(toggle.error, "The automation could not be changed.")}</Alert>}
          </>
        }
        stats={
          <StatGrid columns={5}>
            <StatCard label="Total Automations" value={stats.total} icon={Zap} />
            <StatCard label="Active" value={stats.active} icon={Activity} tone="green" />
            <StatCard label="Paused" value={stats.paused} icon={Pause} tone="amber" />
            <StatCard label="Errors" value={stats.errors} icon={CircleAlert} tone="red" />
            <StatCard
              label="Avg Success Rate"
              value={<span data-testid="average-success">{stats.averageSuccess}</span>}
              icon={Activity}
              tone="violet"
            />
          </StatGrid>
        }
        filters={
          <FilterBar boxed columns={3}>
            <FilterSelect id="automations-filter-type" label="Type" value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">All Types</option>
              <LabelOptions labels={AUTOMATION_TYPE_LABELS} />
            </FilterSelect>
            {staff && (
              <OrganizationFilter id="automations-filter-organization" value={organization} onChange={setOrganization} organizations={organizations.data} />
            )}
          </FilterBar>
        }
        loading={list.isPending}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
        loadingLabel="Loading automations…"
        error={list.error}
        failed="The automations could not be loaded."
        empty={list.data?.items.length === 0 && <EmptyState icon={Zap} title="No automations found" />}
      >
        {list.data?.items.map((a) => (
          <AutomationCard
            key={a.id}
            automation={a}
            staff={staff}
            busy={toggle.isPending && toggle.variables?.id === a.id}
            onToggle={(action) => {
              setNotice(null);
              toggle.mutate(
                { id: a.id, action },
                {
                  onSuccess: (u) => setNotice(`${u.name} is now ${AUTOMATION_STATUS_LABELS[u.status].toLowerCase()}.`),
                },
              );
            }}
            onDetails={() => setDetails(a.id)}
            onEdit={() => setEditing(a)}
          />
        ))}
      </ListPage>
      <DetailsDialog
        automation={editing === null && deleting === null ? detailed : null}
        staff={staff}
        onClose={() => setDetails(null)}
        onEdit={() => detailed && setEditing(detailed)}
        onDelete={() => detailed && setDeleting(detailed)}
      />
      {staff && editing !== null && (
        <Dialog open title={editing === "new" ? "New Automation" : `Edit ${editing.name}`} onClose={() => setEditing(null)} size="lg">
          <AutomationForm
            automation={editing === "new" ? null : editing}
            defaultOrg={organization}
            onCancel={() => setEditing(null)}
            onDone={(result) => {
              setEditing(null);
              if ("token" in result) setCreated(result);
              else setNotice(`${result.name} has been updated.`);
            }}
          />
        </Dialog>
      )}
      <Dialog
        open={created !== null}
        title={created ? `${created.automation.name} has been created` : ""}
        onClose={() => setCreated(null)}
        size="lg"
        footer={<Button onClick={() => setCreated(null)}>Done</Button>}
      >
        {created && <TokenPanel secret={created} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete automation"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setNotice(`${deleting.name} has been deleted.`);
              setDetails(null);
            },
            onSettled: () => setDeleting(null),
          })
        }
      >
        Are you sure you want to delete this automation and its run history? This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}
